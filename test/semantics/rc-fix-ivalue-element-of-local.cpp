// expect: fix — an IValue copied from a tuple element of a local IValue, only read, the tuple unchanged
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue out(c10::ivalue::Tuple::create(IValue(std::string("tok")), IValue(at::arange(3))));
  IValue name = out.toTupleRef().elements()[0];
  std::cout << name.isString() << " " << name.toStringRef() << "\n";
  std::cout << out.toTupleRef().elements()[1].toTensor().sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
