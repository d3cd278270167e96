// expect: no-fix — emplace_back into a vector of a user class runs its constructor, which reads the stack's top through a global before the pop
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;

static std::vector<IValue>* g_stack = nullptr;

struct Wrapper {
  explicit Wrapper(IValue v) : kind(v.tagKind()), top(g_stack->back().tagKind()) {}
  std::string kind;
  std::string top;
};

int main() {
  std::vector<IValue> stack;
  g_stack = &stack;
  stack.emplace_back(int64_t(1));
  stack.emplace_back(at::arange(2));
  std::vector<Wrapper> sink;
  sink.emplace_back(stack.back());
  stack.pop_back();
  for (const Wrapper& w : sink) std::cout << w.kind << " " << w.top << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
