// expect: fix — a tensor copied out of an ArrayRef made from a vector that is only read while the copy lives
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int64_t total(const std::vector<IValue>& outputs) {
  c10::ArrayRef<IValue> view = outputs;
  auto first = view[0].toTensor();
  at::Tensor last = view.back().toTensor();
  return first.sum().item<int64_t>() * 100 + last.numel();
}

int main() {
  std::vector<IValue> outputs;
  outputs.emplace_back(at::arange(5));
  outputs.emplace_back(at::ones({2, 3}));
  std::cout << total(outputs) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
