// expect: no-fix — both list arguments may be the same list (l.extend(l)); appending reallocates what a view reads
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void extend(IValue& dst, const IValue& src) {
  c10::List<int64_t> out = dst.toIntList();
  const std::vector<int64_t> items = src.toIntVector();
  for (size_t i = 0; i < items.size(); ++i) {
    out.push_back(items[i]);
  }
}

int main() {
  IValue l(std::vector<int64_t>{1, 2, 3});
  extend(l, l);
  for (const IValue& e : l.toListRef()) {
    std::cout << e.toInt() << " ";
  }
  std::cout << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
