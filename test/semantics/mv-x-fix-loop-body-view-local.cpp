// expect: fix — a loop-body local tensor, derived from an element of a stack view, is emplaced into the output at its last use
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/stack.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  torch::jit::Stack stack;
  stack.emplace_back(at::arange(2));
  stack.emplace_back(at::arange(3));
  stack.emplace_back(at::arange(4));
  std::vector<IValue> out;
  for (const IValue& e : torch::jit::last(stack, 2)) {
    at::Tensor t = e.toTensor() * 3;
    std::cout << "numel " << t.numel() << "\n";
    out.emplace_back(t);
  }
  for (const IValue& o : out) std::cout << o.toTensor().sum().item<int64_t>() << "\n";
  std::cout << stack.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
