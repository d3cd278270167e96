// expect: fix — the braces go, but a pointer to `a` read after the call forbids moving `a`
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue a(at::arange(4));
  IValue b(int64_t(2));
  const IValue* seen = &a;
  auto t = c10::ivalue::Tuple::create({a, b});
  std::cout << t->elements().size() << "\n";
  std::cout << seen->isTensor() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
