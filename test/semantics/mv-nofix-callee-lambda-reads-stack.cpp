// expect: no-fix — the lambda the element is passed to captured the stack and reads its top before the pop
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  std::vector<IValue> stack{IValue(std::string("a")), IValue(at::arange(2))};
  auto trace = [&stack](IValue v) {
    std::cout << "arg " << v.tagKind() << ", top " << stack.back().tagKind() << "\n";
  };
  trace(stack.back());
  stack.pop_back();
  std::cout << stack.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
