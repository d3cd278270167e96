// expect: no-fix — to<std::vector<int64_t>>() checks the element type and throws for a double list; nothing tested the type
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void show(const IValue& v) {
  try {
    std::cout << v.to<std::vector<int64_t>>().size() << "\n";
  } catch (const c10::Error&) {
    std::cout << "rejected\n";
  }
}

int main() {
  show(IValue(std::vector<int64_t>{1, 2}));
  show(IValue(std::vector<double>{1.0}));
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
