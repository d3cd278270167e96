// expect: fix — a by-value parameter and a loop-body local, each copied into a container at its last use
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static void add(std::vector<at::Tensor>& into, at::Tensor t) {
  if (t.numel() > 1) {
    into.push_back(t);
  }
}

int main() {
  std::vector<at::Tensor> kept;
  for (int64_t i = 1; i <= 3; ++i) {
    at::Tensor t = at::arange(i);
    add(kept, t * 2);
    std::vector<at::Tensor> row;
    row.push_back(t);
    std::cout << row.size() << "\n";
  }
  for (const at::Tensor& t : kept) {
    std::cout << t.sum().item<int64_t>() << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
