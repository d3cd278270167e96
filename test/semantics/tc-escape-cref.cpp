// expect: fix — the braces go, but a std::cref of `a` is read after the call, so `a` must not be moved
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <functional>
#include <iostream>

using c10::IValue;

int main() {
  IValue a(at::arange(3));
  IValue b(int64_t(5));
  auto ref = std::cref(a);
  auto t = c10::ivalue::Tuple::create({a, b});
  std::cout << t->elements().size() << "\n";
  std::cout << ref.get().isTensor() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
