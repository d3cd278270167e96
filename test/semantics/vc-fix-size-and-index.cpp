// expect: fix — toIntVector() and toDoubleVector() read at once (size and elements), after the list types are tested
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue dims(std::vector<int64_t>{2, 3, 4});
  IValue scales(std::vector<double>{0.5, 1.5});
  if (dims.isIntList() && scales.isDoubleList()) {
    std::cout << dims.toIntVector().size() << "\n";
    std::cout << dims.toIntVector()[1] << "\n";
    std::cout << scales.toDoubleVector()[1] << "\n";
    std::cout << dims.toIntVector().empty() << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
