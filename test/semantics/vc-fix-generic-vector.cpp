// expect: fix — to<std::vector<int64_t>>()[i] and .size() after isIntList() proved the element type
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue v(std::vector<int64_t>{7, 8, 9});
  if (v.isIntList()) {
    std::cout << v.to<std::vector<int64_t>>()[2] << "\n";
    std::cout << v.to<std::vector<int64_t>>().size() << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
