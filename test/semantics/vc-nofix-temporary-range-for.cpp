// expect: no-fix — the list lives in a temporary optional (f(x).value()); a view would outlive it in the loop
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <c10/util/Optional.h>
#include <iostream>
#include <vector>

using c10::IValue;

static c10::optional<IValue> lookup(int64_t n) {
  std::vector<int64_t> v;
  for (int64_t i = 0; i < n; ++i) {
    v.push_back(i * i);
  }
  return IValue(v);
}

int main() {
  for (const IValue& e : lookup(4).value().toList().vec()) {
    std::cout << e.toInt() << " ";
  }
  std::cout << "\n";
  std::vector<int64_t> dims = lookup(3).value().toIntVector();
  std::cout << dims.size() << " " << dims[2] << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
