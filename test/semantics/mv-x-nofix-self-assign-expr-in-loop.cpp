// expect: no-fix — after the push_back the tensor is reassigned from an expression that reads it (t = t + 1)
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

int main() {
  at::Tensor t = at::arange(3);
  std::vector<at::Tensor> out;
  for (int64_t i = 0; i < 3; ++i) {
    out.push_back(t);
    t = t + 1;
  }
  for (const at::Tensor& x : out) std::cout << x.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
