// expect: fix — a local copy of toTuple() only read through ->, the IValue unchanged for the whole function
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static int64_t total(const IValue& v) {
  auto t = v.toTuple();
  int64_t sum = 0;
  for (const IValue& e : t->elements()) {
    sum += e.toInt();
  }
  return sum * 10 + static_cast<int64_t>(t->elements().size());
}

int main() {
  IValue v(c10::ivalue::Tuple::create(IValue(int64_t(1)), IValue(int64_t(2)), IValue(int64_t(3))));
  std::cout << total(v) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
