// expect: no-fix — a lambda that captures the copy by reference is called after the element is overwritten through another name
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue a(c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(1))));
  IValue b = a;
  IValue first = a.toTupleRef().elements()[0];
  auto show = [&] { std::cout << first.toTensor().sum().item<int64_t>() << "\n"; };
  show();
  b.toTupleRef().unsafeSetElement(0, IValue(at::arange(10)));
  show();
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
