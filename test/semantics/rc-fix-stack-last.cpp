// expect: fix — a tensor and an IValue copied out of torch::jit::last(stack, n), a view of a stack that is only read while they live
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/stack.h>
#include <iostream>

using c10::IValue;
using torch::jit::Stack;

int64_t addInputs(Stack& stack) {
  at::Tensor self = torch::jit::last(stack, 2)[0].toTensor();
  IValue other = torch::jit::last(stack, 2)[1];
  return self.sum().item<int64_t>() + other.toTensor().sum().item<int64_t>();
}

int64_t firstOfView(const Stack& stack) {
  auto args = torch::jit::last(stack, 2);
  at::Tensor first = args[0].toTensor();
  return first.numel() * 10 + static_cast<int64_t>(args.size());
}

int main() {
  Stack stack;
  stack.emplace_back(at::arange(4));
  stack.emplace_back(at::arange(6));
  std::cout << addInputs(stack) << "\n";
  std::cout << firstOfView(stack) << "\n";
  torch::jit::drop(stack, 2);
  std::cout << stack.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
