// expect: fix — a const std::vector<IValue>& bound to the converted elements of a local tuple (a hidden copy)
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  auto t = c10::ivalue::Tuple::create(IValue(int64_t(2)), IValue(int64_t(3)), IValue(int64_t(4)));
  const std::vector<IValue>& e = t->elements();
  std::cout << e.size() << " " << e[0].toInt() * e[2].toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
