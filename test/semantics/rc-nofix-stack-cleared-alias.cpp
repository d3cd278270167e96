// expect: no-fix — the stack is cleared through a second reference while a copy of back() is read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;
using Stack = std::vector<IValue>;

static void step(Stack& stack, Stack& scratch) {
  at::Tensor top = stack.back().toTensor();
  scratch.clear();
  scratch.emplace_back(at::arange(50));
  std::cout << top.sum().item<int64_t>() << " " << top.numel() << "\n";
}

int main() {
  Stack stack{IValue(at::arange(4))};
  step(stack, stack);
  std::cout << stack.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
