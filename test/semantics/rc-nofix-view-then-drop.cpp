// expect: no-fix — the stack a view looks into is dropped and pushed to while the copies are still read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/stack.h>
#include <iostream>

using c10::IValue;
using torch::jit::Stack;

int64_t addAndReplace(Stack& stack) {
  auto args = torch::jit::last(stack, 2);
  IValue self = args[0];
  at::Tensor other = args[1].toTensor();
  torch::jit::drop(stack, 2);
  for (int i = 0; i < 16; ++i) {
    torch::jit::push(stack, at::arange(1));
  }
  return self.toTensor().sum().item<int64_t>() + other.sum().item<int64_t>();
}

int64_t arrayRefThenClear(std::vector<IValue>& outputs) {
  c10::ArrayRef<IValue> view = outputs;
  at::Tensor first = view[0].toTensor();
  outputs.clear();
  outputs.emplace_back(at::arange(2));
  return first.sum().item<int64_t>();
}

int main() {
  Stack stack;
  stack.emplace_back(at::arange(4));
  stack.emplace_back(at::arange(6));
  std::cout << addAndReplace(stack) << " " << stack.size() << "\n";
  std::vector<IValue> outputs;
  outputs.emplace_back(at::arange(9));
  std::cout << arrayRefThenClear(outputs) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
