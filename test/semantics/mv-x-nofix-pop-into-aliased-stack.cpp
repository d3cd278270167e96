// expect: no-fix — the destination vector is a second reference to the same stack: moving its back into itself and then popping leaves a moved-from None on top
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void step(std::vector<IValue>& stack, std::vector<IValue>& out) {
  out.push_back(stack.back());
  stack.pop_back();
}

int main() {
  std::vector<IValue> s;
  s.emplace_back(int64_t(1));
  s.emplace_back(std::string("top"));
  step(s, s);
  for (const IValue& e : s) std::cout << e.tagKind() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
