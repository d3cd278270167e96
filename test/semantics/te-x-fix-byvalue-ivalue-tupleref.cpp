// expect: fix — std::vector<IValue> e = v.toTupleRef().elements() of a by-value IValue parameter, only indexed and sized, beside unrelated work
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;

static int64_t score(IValue v, std::vector<int64_t>& log) {
  log.push_back(1);
  std::vector<IValue> e = v.toTupleRef().elements();
  log.push_back(2);
  return e[0].toInt() * 10 + static_cast<int64_t>(e.size()) + static_cast<int64_t>(e[1].toStringRef().size());
}

int main() {
  std::vector<int64_t> log;
  IValue v(c10::ivalue::Tuple::create(IValue(int64_t(4)), IValue(std::string("abc"))));
  std::cout << score(v, log) << " " << log.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
