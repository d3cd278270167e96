// expect: fix — a loop-body tensor is pushed in a branch that continues; the other branch prints it, so each push is its last use
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

int main() {
  std::vector<at::Tensor> kept;
  for (int64_t i = 1; i <= 4; ++i) {
    at::Tensor t = at::arange(i);
    if (i % 2 == 0) {
      kept.push_back(t);
      continue;
    }
    std::cout << "skip " << t.numel() << "\n";
  }
  for (const at::Tensor& t : kept) std::cout << t.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
