// expect: fix — front() and back() of toDoubleVector() on a non-empty local list, read at once
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue v(std::vector<double>{0.25, 0.5, 4.0});
  std::cout << v.toDoubleVector().front() << " " << v.toDoubleVector().back() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
