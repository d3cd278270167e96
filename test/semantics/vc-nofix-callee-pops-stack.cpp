// expect: no-fix — the IValue is the stack's top, passed by reference to a function that pops and pushes the stack
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;
using Stack = std::vector<IValue>;

static void reshape(const IValue& shape, Stack& stack) {
  std::vector<int64_t> dims = shape.toIntVector();
  stack.pop_back();
  stack.emplace_back(std::vector<int64_t>{9, 9, 9, 9});
  std::cout << dims.size() << " " << dims[0] << " " << dims[1] << "\n";
}

int main() {
  Stack stack;
  stack.emplace_back(std::vector<int64_t>{2, 3});
  reshape(stack.back(), stack);
  std::cout << stack.back().toIntVector().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
