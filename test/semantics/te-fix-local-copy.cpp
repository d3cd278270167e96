// expect: fix — the elements of a local tuple copied into a vector that is only read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  auto t = c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(std::string("b")), IValue(int64_t(2)));
  std::vector<IValue> e = t->elements();
  std::cout << e.size() << " " << e[1].toStringRef() << " " << e.back().toInt() << "\n";
  std::cout << e[0].toTensor().sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
