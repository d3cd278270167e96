// expect: fix — toString()->string() on a local IValue and a by-value parameter, read at once
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

static size_t width(IValue v) {
  return v.toString()->string().size();
}

int main() {
  IValue v(std::string("hello world"));
  std::cout << v.toString()->string() << "\n";
  std::cout << width(v) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
