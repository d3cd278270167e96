// expect: fix — a range-for over toList() of a local IValue with an explicit const IValue& loop variable
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  c10::List<at::Tensor> tensors;
  tensors.push_back(at::arange(2));
  tensors.push_back(at::arange(5));
  IValue v(tensors);
  for (const IValue& e : v.toList()) {
    std::cout << e.toTensor().sum().item<int64_t>() << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
