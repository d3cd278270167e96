// expect: no-fix — the tensor is reassigned after the push_back only on odd iterations, so even iterations copy it again
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

int main() {
  at::Tensor t = at::arange(2);
  std::vector<at::Tensor> out;
  for (int64_t i = 0; i < 4; ++i) {
    out.push_back(t);
    if (i % 2 == 1) t = at::arange(i + 3);
  }
  for (const at::Tensor& x : out) std::cout << x.defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
