// expect: fix — create({a, b}) of elements used afterwards: the braces go, no move
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue a(at::arange(3));
  IValue b(std::string("name"));
  auto t = c10::ivalue::Tuple::create({a, b});
  std::cout << t->elements().size() << " " << t->elements()[1].toStringRef() << "\n";
  std::cout << a.toTensor().sum().item<int64_t>() << " " << b.toStringRef() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
