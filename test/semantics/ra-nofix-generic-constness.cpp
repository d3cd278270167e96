// expect: no-fix — generic code deduces the type of the local and prints whether it is const
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <type_traits>

using c10::IValue;

template <typename T>
static const char* kind(T&) {
  return std::is_const<T>::value ? "const" : "mutable";
}

int main() {
  IValue v(std::string("abc"));
  auto s = v.toString();
  std::cout << kind(s) << " " << s->string() << "\n";
  // Read again: no move of 'v' into toString() either (c10-intrusive-ptr-move).
  std::cout << v.isString() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
