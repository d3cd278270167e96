// expect: no-fix — std::addressof(t) is read after the "last use", so the copy must stay
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <memory>
#include <vector>

using c10::IValue;

int main() {
  std::vector<IValue> outputs;
  at::Tensor t = at::arange(4);
  const at::Tensor* seen = std::addressof(t);
  outputs.push_back(t);
  std::cout << seen->defined() << " " << outputs.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
