// expect: fix — toList().vec() indexed and iterated inside a lambda whose IValue parameter is only read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  c10::impl::GenericList l(c10::AnyType::get());
  l.push_back(IValue(int64_t(4)));
  l.push_back(IValue(std::string("x")));
  l.push_back(IValue(2.5));
  auto dump = [](const IValue& v) {
    std::cout << v.toList().vec()[0].toInt() << "\n";
    for (const IValue& e : v.toList().vec()) std::cout << e.tagKind() << "\n";
  };
  dump(IValue(l));
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
