// expect: no-fix — toIntVector() checks the element type and throws on a float list; toListRef() does not
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void count(const IValue& v) {
  try {
    std::cout << v.toIntVector().size() << "\n";
  } catch (const std::exception&) {
    std::cout << "not an int list\n";
  }
}

int main() {
  count(IValue(std::vector<int64_t>{1, 2}));
  count(IValue(std::vector<double>{1.0, 2.0, 3.0}));
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
