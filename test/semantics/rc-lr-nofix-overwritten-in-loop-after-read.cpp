// expect: no-fix — the loop reads the copy and then overwrites the element through another name; the next round reads again
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue a(c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(1))));
  IValue b = a;
  IValue first = a.toTupleRef().elements()[0];
  for (int64_t round = 0; round < 3; ++round) {
    std::cout << first.toTensor().sum().item<int64_t>() << "\n";
    b.toTupleRef().unsafeSetElement(0, IValue(at::arange(10 + round)));
  }
  std::cout << b.toTupleRef().elements()[0].toTensor().sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
