// expect: no-fix — the if tests isDoubleList(), not isIntList(): nothing proves the list holds int64_t, and toIntVector() throws where toListRef() does not
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void show(const IValue& v) {
  try {
    if (v.isDoubleList()) {
      std::cout << "size " << v.toIntVector().size() << "\n";
    } else {
      std::cout << "not doubles\n";
    }
  } catch (const c10::Error&) {
    std::cout << "rejected\n";
  }
}

int main() {
  show(IValue(std::vector<double>{1.5, 2.5}));
  show(IValue(std::vector<int64_t>{1}));
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
