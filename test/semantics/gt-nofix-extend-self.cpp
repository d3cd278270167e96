// expect: no-fix — two list parameters may be one list (l.extend(l)); a toListRef() view would see the appends
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void extend(IValue& dst, const IValue& src) {
  c10::List<int64_t> out = dst.toIntList();
  auto in = src.to<c10::List<int64_t>>();
  const size_t n = in.size();
  for (size_t i = 0; i < n; ++i) {
    out.push_back(in.get(i));
  }
}

int main() {
  IValue l(std::vector<int64_t>{1, 2});
  extend(l, l);
  std::cout << l.toListRef().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
