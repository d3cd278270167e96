// expect: no-fix — a std::function called in the loop body resets the IValue whose list the range-for iterates
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <functional>
#include <iostream>

using c10::IValue;

static void run(IValue& v, const std::function<void()>& onItem) {
  for (const IValue& e : v.toList()) {
    std::cout << e.toInt() << "\n";
    onItem();
  }
}

int main() {
  c10::impl::GenericList l(c10::AnyType::get());
  l.push_back(IValue(int64_t(1)));
  l.push_back(IValue(int64_t(2)));
  l.push_back(IValue(int64_t(3)));
  IValue v(l);
  l = c10::impl::GenericList(c10::AnyType::get());
  run(v, [&v] { v = IValue(int64_t(0)); });
  std::cout << v.toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
