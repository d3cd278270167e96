// expect: no-fix — a const member function changes a mutable member that the copy was taken from
#include <ATen/ATen.h>
#include <iostream>

struct Cache {
  mutable at::Tensor last;
  void refresh(int64_t n) const { last = at::arange(n); }
};

int main() {
  Cache cache;
  cache.refresh(4);
  at::Tensor before = cache.last;
  cache.refresh(9);
  std::cout << before.sum().item<int64_t>() << " " << before.numel() << "\n";
  std::cout << cache.last.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
