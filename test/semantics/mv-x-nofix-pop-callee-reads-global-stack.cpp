// expect: no-fix — the user function the element is passed to reads the stack's top through a global pointer before the pop
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static std::vector<IValue>* g_stack = nullptr;

static void log(IValue v) {
  std::cout << "arg " << v.tagKind() << ", top " << g_stack->back().tagKind() << "\n";
}

int main() {
  std::vector<IValue> stack;
  g_stack = &stack;
  stack.push_back(IValue(int64_t(1)));
  stack.push_back(IValue(at::arange(3)));
  log(stack.back());
  stack.pop_back();
  log(stack.back());
  stack.pop_back();
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
