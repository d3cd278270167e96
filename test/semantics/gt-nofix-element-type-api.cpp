// expect: no-fix — the list handle's own API is used (elementType(), copy()), which toListRef() does not have
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue v(std::vector<int64_t>{5, 6});
  auto l = v.to<c10::List<int64_t>>();
  std::cout << l.elementType()->str() << " " << l.size() << "\n";
  auto c = v.to<c10::List<int64_t>>().copy();
  c.push_back(7);
  std::cout << c.size() << " " << v.toListRef().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
