// expect: no-fix — the element is overwritten through another name after the copy's last read; the copy would hold the old element to the end of the block, a reference would let it go at the overwrite
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue a(c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(1))));
  IValue b = a;  // the same tuple, another name
  IValue first = a.toTupleRef().elements()[0];
  std::cout << first.toTensor().sum().item<int64_t>() << "\n";
  std::cout << first.isTensor() << "\n";
  b.toTupleRef().unsafeSetElement(0, IValue(at::arange(10)));
  std::cout << b.toTupleRef().elements()[0].toTensor().sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
