// expect: fix — the braces go, but a std::pair<const IValue&, std::string> keeps a reference to a that is read after the call, so a must not be moved
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <utility>

using c10::IValue;

int main() {
  IValue a(at::arange(3));
  IValue b(std::string("second"));
  std::pair<const IValue&, std::string> kept(a, "first");
  auto t = c10::ivalue::Tuple::create({a, b});
  std::cout << t->elements().size() << "\n";
  std::cout << kept.second << " " << kept.first.isTensor() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
