// expect: fix — create({a, b, c}) where a is dead after the call, b is read later and c is a temporary: braces go, only a is moved
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

static c10::intrusive_ptr<c10::ivalue::Tuple> build(int64_t n) {
  IValue a(at::arange(n));
  IValue b(std::string("b") + std::to_string(n));
  auto t = c10::ivalue::Tuple::create({a, b, IValue(n * 2)});
  std::cout << b.toStringRef() << "\n";
  return t;
}

int main() {
  auto t = build(3);
  std::cout << t->elements()[0].toTensor().numel() << " " << t->elements()[1].toStringRef() << " "
            << t->elements()[2].toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
