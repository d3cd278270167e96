// expect: no-fix — the input and the output reference are the same IValue (f(v, v)); the output is reassigned
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

static void relabel(const IValue& in, IValue& out) {
  auto s = in.toString();
  out = IValue(std::string("replaced by a much longer string than the original one"));
  std::cout << s->string() << "\n";
}

int main() {
  IValue v(std::string("the original label, long enough to live on the heap"));
  relabel(v, v);
  std::cout << v.toStringRef() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
