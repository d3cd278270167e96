// expect: fix — create({x}) with one element and create({a, b, c}) of locals still used: element overloads
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue x(std::string("only"));
  IValue a(int64_t(1)), b(at::arange(2)), c(2.5);
  auto one = c10::ivalue::Tuple::create({x});
  auto three = c10::ivalue::Tuple::create({a, b, c});
  std::cout << one->elements().size() << " " << one->elements()[0].toStringRef() << "\n";
  std::cout << three->elements().size() << " " << three->elements()[2].toDouble() << "\n";
  std::cout << x.toStringRef() << " " << a.toInt() << " " << b.toTensor().numel() << " " << c.toDouble() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
