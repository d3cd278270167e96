// expect: no-fix — the copied vector is a snapshot: its source grows (and reallocates) while the copy is read
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

struct Pool {
  std::vector<at::Tensor> items;
};

static int64_t grow(Pool& pool) {
  std::vector<at::Tensor> before = pool.items;
  for (int i = 0; i < 32; ++i) {
    pool.items.push_back(at::arange(i + 1));
  }
  int64_t s = 0;
  for (const at::Tensor& t : before) {
    s += t.numel();
  }
  return s * 1000 + static_cast<int64_t>(pool.items.size());
}

int main() {
  Pool pool;
  pool.items.push_back(at::arange(3));
  std::cout << grow(pool) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
