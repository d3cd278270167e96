// expect: fix — the element is copied out of a local tuple that nothing changes while the copy is read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  auto t = c10::ivalue::Tuple::create(IValue(at::arange(4)), IValue(std::string("label")));
  IValue first = t->elements()[0];
  std::cout << first.isTensor() << " " << first.toTensor().sum().item<int64_t>() << "\n";
  std::cout << t->elements().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
