// expect: no-fix — the IValue is read through a reference after toTensor(): moved out, it would no longer hold a tensor
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue out = IValue(at::arange(4));
  const IValue& view = out;
  at::Tensor t = out.toTensor();
  std::cout << view.isTensor() << " " << t.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
