// expect: fix — handles copied from what a void* points to, cast back to its type, while nothing writes it
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int64_t readIValue(void* p) {
  auto t = (*static_cast<IValue*>(p)).toTensor();
  return t.sum().item<int64_t>();
}

int64_t readTensor(const void* p) {
  at::Tensor t = *static_cast<const at::Tensor*>(p);
  return t.numel() + t.dim();
}

int main() {
  IValue boxed(at::arange(7));
  at::Tensor plain = at::ones({3, 4});
  std::cout << readIValue(&boxed) << " " << readTensor(&plain) << "\n";
  std::cout << boxed.toTensor().numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
