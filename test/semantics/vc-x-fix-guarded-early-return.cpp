// expect: fix — after 'if (!v.isIntList()) return', toIntVector() into a local that is only indexed and sized
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static int64_t product(const IValue& v) {
  if (!v.isIntList()) return -1;
  std::vector<int64_t> d = v.toIntVector();
  int64_t p = 1;
  for (size_t i = 0; i < d.size(); ++i) p *= d[i];
  return p;
}

int main() {
  std::cout << product(IValue(std::vector<int64_t>{2, 3, 4})) << "\n";
  std::cout << product(IValue(std::vector<double>{2.0})) << "\n";
  std::cout << product(IValue(int64_t(5))) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
