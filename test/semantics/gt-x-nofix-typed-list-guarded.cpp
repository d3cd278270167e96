// expect: no-fix — to<c10::List<int64_t>>() under an isIntList() test: the check never rewrites to<c10::List<U>>() (no fix-it by its rules), it only warns
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static int64_t size(const IValue& v) {
  if (v.isIntList()) return static_cast<int64_t>(v.to<c10::List<int64_t>>().size());
  return -1;
}

int main() {
  std::cout << size(IValue(std::vector<int64_t>{1, 2, 3})) << " " << size(IValue(1.5)) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
