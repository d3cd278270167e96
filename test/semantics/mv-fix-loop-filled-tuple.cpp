// expect: fix — a vector of IValues filled by a loop without braces, passed to Tuple::create at its last use
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static IValue squares(int64_t n) {
  std::vector<IValue> elems;
  for (int64_t i = 0; i < n; ++i)
    elems.emplace_back(at::full({2}, i * i, at::kLong));
  if (n > 2)
    elems.emplace_back(std::string("many"));
  return c10::ivalue::Tuple::create(elems);
}

int main() {
  for (int64_t n : {1, 3}) {
    IValue t = squares(n);
    for (const IValue& e : t.toTupleRef().elements()) {
      if (e.isTensor())
        std::cout << e.toTensor().sum().item<int64_t>() << " ";
      else
        std::cout << e.toStringRef() << " ";
    }
    std::cout << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
