// expect: no-fix — a goto jumps back to a read of the copy after the element was overwritten through another name
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue a(c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(1))));
  IValue b = a;
  int64_t round = 0;
  IValue first = a.toTupleRef().elements()[0];
again:
  std::cout << first.toTensor().sum().item<int64_t>() << "\n";
  if (round++ < 2) {
    b.toTupleRef().unsafeSetElement(0, IValue(at::arange(10 + round)));
    goto again;
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
