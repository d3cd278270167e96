// expect: fix — the braces go, but std::tie(a, b) is read after the call, so neither may be moved
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <tuple>

using c10::IValue;

int main() {
  IValue a(at::arange(3));
  IValue b(std::string("second"));
  auto both = std::tie(a, b);
  auto t = c10::ivalue::Tuple::create({a, b});
  std::cout << t->elements().size() << "\n";
  std::cout << std::get<0>(both).isTensor() << " " << std::get<1>(both).isString() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
