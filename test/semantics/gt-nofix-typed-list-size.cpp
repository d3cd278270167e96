// expect: no-fix — to<c10::List<int64_t>>() checks the element type and throws on a mismatch; toListRef() does not, and nothing proves the list holds int64_t
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue v(std::vector<int64_t>{3, 1, 4, 1});
  std::cout << v.to<c10::List<int64_t>>().size() << "\n";
  std::cout << v.to<c10::List<int64_t>>().empty() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
