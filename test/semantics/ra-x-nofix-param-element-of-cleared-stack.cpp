// expect: no-fix — the IValue parameter is an element of the stack parameter, which is cleared while the string copy lives
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;

static void step(const IValue& top, std::vector<IValue>& stack) {
  auto s = top.toString();
  stack.clear();
  std::cout << s->string() << " " << stack.size() << "\n";
}

int main() {
  std::vector<IValue> stack;
  stack.emplace_back(std::string("hello-a-string-long-enough-for-heap"));
  step(stack.back(), stack);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
