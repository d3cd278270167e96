// expect: fix — in each iteration the push_back is followed by an assignment of a new value that does not read the tensor
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

int main() {
  at::Tensor t = at::arange(2);
  std::vector<at::Tensor> out;
  for (int64_t i = 0; i < 3; ++i) {
    std::cout << "push " << t.numel() << "\n";
    out.push_back(t);
    t = at::arange(i + 3);
  }
  for (const at::Tensor& x : out) std::cout << x.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
