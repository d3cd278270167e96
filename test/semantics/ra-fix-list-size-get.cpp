// expect: fix — toList().size() and toList().get(i) with an index the loop keeps below size()
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  c10::impl::GenericList l(c10::AnyType::get());
  l.push_back(IValue(int64_t(3)));
  l.push_back(IValue(std::string("s")));
  l.push_back(IValue(int64_t(5)));
  IValue v(l);
  std::cout << v.toList().size() << "\n";
  for (size_t i = 0; i < v.toList().size(); ++i) {
    std::cout << v.toList().get(i).tagKind() << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
