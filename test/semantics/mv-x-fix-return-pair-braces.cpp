// expect: fix — return {a, b}; builds a std::pair whose forwarding constructor copies two locals at their last use
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <utility>

using c10::IValue;

static std::pair<at::Tensor, IValue> split(const at::Tensor& x) {
  at::Tensor doubled = x * 2;
  IValue total(x.sum());
  std::cout << "split " << doubled.numel() << "\n";
  return {doubled, total};
}

int main() {
  auto r = split(at::arange(4));
  std::cout << r.first.sum().item<int64_t>() << " " << r.second.toTensor().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
