// expect: no-fix — a c10::List handle shares the IValue's list and sets an element while the copy is read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue v(std::vector<int64_t>{4, 5, 6});
  c10::List<int64_t> shared = v.toIntList();
  const std::vector<int64_t> dims = v.toIntVector();
  shared.set(0, 400);
  std::cout << dims[0] << " " << dims.size() << "\n";
  std::cout << v.toListRef()[0].toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
