// expect: fix — the braces go, but an aggregate with a std::string and a reference member keeps a reference to a, read after the call: a must not be moved
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

struct Labelled {
  std::string label;
  const IValue& ref;
};

int main() {
  IValue a(at::arange(3));
  IValue b(std::string("second"));
  Labelled keep{"first", a};
  auto t = c10::ivalue::Tuple::create({a, b});
  std::cout << t->elements().size() << "\n";
  std::cout << keep.label << " " << keep.ref.isTensor() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
