// expect: fix — front() and back() of toDoubleVector() read at once, after isDoubleList() proved the element type
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue v(std::vector<double>{0.25, 0.5, 4.0});
  if (v.isDoubleList())
    std::cout << v.toDoubleVector().front() << " " << v.toDoubleVector().back() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
