// expect: fix — the braces go, but a c10::ArrayRef view of the vector is read after the call: no move
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue a(at::arange(3));
  IValue b(int64_t(2));
  c10::ArrayRef<IValue> view = c10::makeArrayRef(&a, 1);
  auto t = c10::ivalue::Tuple::create({a, b});
  std::cout << t->elements().size() << "\n";
  std::cout << view[0].isTensor() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
