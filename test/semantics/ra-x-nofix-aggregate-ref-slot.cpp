// expect: no-fix — an aggregate keeps a non-const reference to the IValue, and its member function resets it while the string copy lives
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

struct Slot {
  std::string name;
  IValue& value;
  void clear() { value = IValue(); }
};

int main() {
  IValue v(std::string("payload-string-long-enough-for-heap"));
  Slot slot{"s", v};
  auto s = v.toString();
  slot.clear();
  std::cout << slot.name << " " << s->string() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
