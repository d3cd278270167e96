// expect: no-fix — a const member function writes a mutable member three calls deep while the copy taken from it lives
#include <ATen/ATen.h>
#include <iostream>

struct Cache {
  mutable at::Tensor last;
  void store(int64_t n) const { last = at::arange(n); }
  void level2(int64_t n) const { store(n); }
  void level1(int64_t n) const { level2(n); }
  void refresh(int64_t n) const { level1(n); }
};

static void report(const Cache& cache) {
  at::Tensor before = cache.last;
  cache.refresh(9);
  std::cout << before.numel() << " " << cache.last.numel() << "\n";
}

int main() {
  Cache cache;
  cache.store(4);
  report(cache);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
