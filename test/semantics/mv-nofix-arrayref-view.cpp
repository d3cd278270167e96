// expect: no-fix — a c10::ArrayRef view of the stack is read after the stack's "last use"
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;
using Stack = std::vector<IValue>;

static size_t consume(Stack s) { return s.size(); }

int main() {
  Stack stack{IValue(int64_t(3)), IValue(int64_t(4))};
  c10::ArrayRef<IValue> view(stack);
  size_t n = consume(stack);
  std::cout << n << " " << view.size() << " " << view[1].toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
