// expect: fix — toList().vec()[i], a range-for over toList().vec() and List::vec().size(), all only read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  c10::impl::GenericList l(c10::AnyType::get());
  l.push_back(IValue(int64_t(10)));
  l.push_back(IValue(std::string("w")));
  IValue v(l);
  std::cout << v.toList().vec()[0].toInt() << "\n";
  for (const IValue& e : v.toList().vec()) {
    std::cout << e.tagKind() << "\n";
  }
  c10::List<int64_t> ints({1, 2, 3});
  std::cout << ints.vec().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
