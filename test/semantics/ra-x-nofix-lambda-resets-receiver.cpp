// expect: no-fix — a lambda that captured the IValue by reference resets it while the string copy lives
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

int main() {
  IValue v(std::string("a-string-that-is-long-enough-for-the-heap"));
  auto reset = [&v] { v = IValue(int64_t(0)); };
  auto s = v.toString();
  reset();
  std::cout << s->string() << " " << v.toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
