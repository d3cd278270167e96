// expect: no-fix — a const reference to the same IValue hands out a list handle whose set() changes element 0 while the vector copy lives
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void edit(const IValue& alias) { alias.toList().set(0, IValue(int64_t(100))); }

int main() {
  IValue v(std::vector<int64_t>{1, 2, 3});
  if (v.isIntList()) {
    std::vector<int64_t> d = v.toIntVector();
    edit(v);
    std::cout << d[0] << " " << d.size() << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
