// expect: fix — 'v.isIntList() && v.toIntVector().size() > 2': the copy runs only for an int list and is only sized
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static bool longInts(const IValue& v) { return v.isIntList() && v.toIntVector().size() > 2; }

int main() {
  std::cout << longInts(IValue(std::vector<int64_t>{1, 2, 3})) << "\n";
  std::cout << longInts(IValue(std::vector<int64_t>{1})) << "\n";
  std::cout << longInts(IValue(std::vector<double>{1.0, 2.0, 3.0})) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
