// expect: no-fix — a by-value c10::List parameter shares the IValue's list and set() changes element 0 while the vector copy lives
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void update(const IValue& v, c10::List<int64_t> other) {
  if (v.isIntList()) {
    std::vector<int64_t> d = v.toIntVector();
    other.set(0, 100);
    std::cout << d[0] << " " << d.size() << "\n";
  }
}

int main() {
  IValue v(std::vector<int64_t>{1, 2, 3});
  update(v, v.toIntList());
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
