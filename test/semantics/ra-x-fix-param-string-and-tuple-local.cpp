// expect: fix — toString()->string() on a by-value parameter and a local toTuple() copy read only through ->, beside unrelated statements
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;

static int64_t measure(IValue name, const IValue& pair) {
  std::vector<int64_t> scratch{1, 2, 3};
  scratch.push_back(4);
  int64_t n = static_cast<int64_t>(name.toString()->string().size());
  auto t = pair.toTuple();
  int64_t sum = 0;
  for (const IValue& e : t->elements()) sum += e.toInt();
  return n * 1000 + sum * 10 + static_cast<int64_t>(scratch.size());
}

int main() {
  IValue pair(c10::ivalue::Tuple::create(IValue(int64_t(3)), IValue(int64_t(4))));
  std::cout << measure(IValue(std::string("hello")), pair) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
