// expect: no-fix — the vector the copy came from is reallocated through an outer alias
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

struct Pool {
  std::vector<at::Tensor> items;
};

int main() {
  Pool pool;
  pool.items.push_back(at::arange(3));
  std::vector<at::Tensor>& alias = pool.items;
  at::Tensor first = pool.items[0];
  for (int i = 0; i < 64; ++i) {
    alias.push_back(at::arange(1));
  }
  alias[0] = at::arange(11);
  std::cout << first.sum().item<int64_t>() << " " << first.numel() << "\n";
  std::cout << alias.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
