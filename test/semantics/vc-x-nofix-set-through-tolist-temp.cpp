// expect: no-fix — after the copy, toList() on the same IValue hands out a handle that shares the list and set() writes element 0: the copy keeps 1, a view would read 100
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue v(std::vector<int64_t>{1, 2, 3});
  if (v.isIntList()) {
    std::vector<int64_t> d = v.toIntVector();
    v.toList().set(0, IValue(int64_t(100)));
    std::cout << d[0] << " " << d.size() << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
