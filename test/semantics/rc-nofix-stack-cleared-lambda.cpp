// expect: no-fix — a lambda that captured the stack by reference clears it while a copy of back() is read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

struct Frame {
  std::vector<IValue> stack;
};

int main() {
  Frame frame;
  frame.stack.emplace_back(at::arange(6));
  auto reset = [&frame] {
    frame.stack.clear();
    frame.stack.emplace_back(at::arange(2));
  };
  at::Tensor top = frame.stack.back().toTensor();
  reset();
  std::cout << top.sum().item<int64_t>() << " " << top.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
