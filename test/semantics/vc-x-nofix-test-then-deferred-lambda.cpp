// expect: no-fix — the lambda is made under isIntList() but called after the captured IValue became a double list; toIntVector() throws there, toListRef() would not
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <functional>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue v(std::vector<int64_t>{1, 2});
  std::function<size_t()> count;
  if (v.isIntList()) {
    count = [&v] { return v.toIntVector().size(); };
  }
  std::cout << count() << "\n";
  v = IValue(std::vector<double>{0.5, 1.5, 2.5});
  try {
    std::cout << count() << "\n";
  } catch (const c10::Error&) {
    std::cout << "rejected\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
