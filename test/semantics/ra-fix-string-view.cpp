// expect: fix — toString()->string_view() on a local IValue read at once
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

int main() {
  IValue v(std::string("view me"));
  std::cout << v.toString()->string_view().size() << "\n";
  std::cout << v.toString()->string_view().substr(0, 4) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
