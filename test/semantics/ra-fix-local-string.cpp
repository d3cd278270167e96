// expect: fix — a local copy of toString() read only through ->string()
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

static std::string shout(IValue v) {
  auto s = v.toString();
  return s->string() + "!";
}

int main() {
  std::cout << shout(IValue(std::string("ready"))) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
