// expect: fix — create({a, a}): the braces go, and a, named twice in one call, must not be moved
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static c10::intrusive_ptr<c10::ivalue::Tuple> twice() {
  IValue a(at::arange(3));
  return c10::ivalue::Tuple::create({a, a});
}

int main() {
  auto t = twice();
  std::cout << t->elements()[0].isTensor() << " " << t->elements()[1].isTensor() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
