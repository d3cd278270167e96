// expect: fix — the braces go, but a is read again in the same full-expression after the call, so it must not be moved
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

int main() {
  IValue a(at::arange(3));
  IValue b(std::string("second"));
  std::cout << c10::ivalue::Tuple::create({a, b})->elements().size() << " " << a.isTensor() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
