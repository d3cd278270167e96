// expect: no-fix — an object holding a reference to the copy reads it in its destructor, at the end of the block, after the element is overwritten
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

struct PrintOnExit {
  const IValue& value;
  ~PrintOnExit() { std::cout << value.toTensor().sum().item<int64_t>() << "\n"; }
};

int main() {
  IValue a(c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(1))));
  IValue b = a;
  {
    IValue first = a.toTupleRef().elements()[0];
    PrintOnExit guard{first};
    b.toTupleRef().unsafeSetElement(0, IValue(at::arange(10)));
    std::cout << "overwritten\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
