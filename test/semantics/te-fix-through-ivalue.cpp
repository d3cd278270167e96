// expect: fix — v.toTupleRef().elements() of a local IValue copied into a vector only read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue v(c10::ivalue::Tuple::create(IValue(int64_t(10)), IValue(int64_t(20))));
  std::vector<IValue> e = v.toTupleRef().elements();
  int64_t sum = 0;
  for (const IValue& x : e) {
    sum += x.toInt();
  }
  std::cout << sum << " " << e.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
