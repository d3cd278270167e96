// expect: no-fix — to<c10::List<int64_t>>() checks the element type and throws on a float list; toListRef() answers
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void size_of_ints(const IValue& v) {
  try {
    std::cout << v.to<c10::List<int64_t>>().size() << "\n";
  } catch (const std::exception&) {
    std::cout << "not an int list\n";
  }
}

int main() {
  size_of_ints(IValue(std::vector<int64_t>{1, 2, 3}));
  size_of_ints(IValue(std::vector<double>{0.5}));
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
