// expect: fix — elements copied out of a stack and popped in the next statement, then packed at their last use
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;
using Stack = std::vector<IValue>;

static void pack(Stack& stack) {
  IValue b = stack.back();
  stack.pop_back();
  IValue a = stack.back();
  stack.pop_back();
  stack.emplace_back(c10::ivalue::Tuple::create(a, b));
}

int main() {
  Stack stack{IValue(int64_t(1)), IValue(std::string("two"))};
  pack(stack);
  std::cout << stack.size() << " " << stack.back().toTupleRef().elements()[0].toInt() << " "
            << stack.back().toTupleRef().elements()[1].toStringRef() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
