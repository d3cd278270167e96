// expect: fix — tuple elements of a const reference parameter copied after an early return, only read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static int64_t describe(const c10::intrusive_ptr<c10::ivalue::Tuple>& t) {
  if (t->elements().size() < 2) {
    return -1;
  }
  IValue first = t->elements()[0];
  at::Tensor second = t->elements()[1].toTensor();
  int64_t n = first.isString() ? static_cast<int64_t>(first.toStringRef().size()) : 0;
  return n * 100 + second.sum().item<int64_t>();
}

int main() {
  auto t = c10::ivalue::Tuple::create(IValue(std::string("abc")), IValue(at::arange(4)));
  auto s = c10::ivalue::Tuple::create(IValue(int64_t(1)));
  std::cout << describe(t) << " " << describe(s) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
