// expect: no-fix — a pointer to the copy is stored in a variable declared earlier and read after the element is overwritten
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue a(c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(1))));
  IValue b = a;
  const IValue* keep = nullptr;
  IValue first = a.toTupleRef().elements()[0];
  keep = &first;
  b.toTupleRef().unsafeSetElement(0, IValue(at::arange(10)));
  std::cout << keep->toTensor().sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
