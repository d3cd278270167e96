// expect: no-fix — the branch runs when the IValue is NOT an int list: toIntVector() throws there, toListRef() would answer
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void probe(const IValue& v) {
  if (!v.isIntList()) {
    try {
      std::cout << "size " << v.toIntVector().size() << "\n";
    } catch (const c10::Error&) {
      std::cout << "rejected\n";
    }
    return;
  }
  std::cout << "ints\n";
}

int main() {
  probe(IValue(std::vector<double>{0.5, 1.5, 2.5}));
  probe(IValue(std::vector<int64_t>{7}));
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
