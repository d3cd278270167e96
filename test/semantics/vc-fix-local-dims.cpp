// expect: fix — a local copy of toIntVector() only read (size and elements), after isIntList(); the IValue is not changed
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static int64_t numel(const IValue& shape) {
  int64_t n = 1;
  if (shape.isIntList()) {
    std::vector<int64_t> dims = shape.toIntVector();
    for (size_t i = 0; i < dims.size(); ++i) {
      n *= dims[i];
    }
  }
  return n;
}

int main() {
  IValue shape(std::vector<int64_t>{2, 5, 3});
  std::cout << numel(shape) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
