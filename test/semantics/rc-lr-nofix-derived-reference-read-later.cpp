// expect: no-fix — a reference into the copy's tensor is read after the element is overwritten through another name
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue a(c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(1))));
  IValue b = a;
  IValue first = a.toTupleRef().elements()[0];
  const at::Tensor& t = first.toTensor();
  b.toTupleRef().unsafeSetElement(0, IValue(at::arange(10)));
  std::cout << t.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
