// expect: fix — the braces go, but std::addressof(a) is read after the call, so `a` must not be moved
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <memory>

using c10::IValue;

int main() {
  IValue a(std::string("kept"));
  IValue b(int64_t(1));
  const IValue* seen = std::addressof(a);
  auto t = c10::ivalue::Tuple::create({a, b});
  std::cout << t->elements()[0].toStringRef() << "\n";
  std::cout << seen->isString() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
