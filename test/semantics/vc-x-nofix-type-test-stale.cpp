// expect: no-fix — isIntList() was tested, but the IValue is reassigned to a double list before toIntVector() runs; toIntVector() throws, toListRef() would not
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue v(std::vector<int64_t>{4, 5, 6});
  if (v.isIntList()) {
    std::cout << "ints\n";
    v = IValue(std::vector<double>{0.5});
    try {
      std::cout << "size " << v.toIntVector().size() << "\n";
    } catch (const c10::Error&) {
      std::cout << "rejected\n";
    }
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
