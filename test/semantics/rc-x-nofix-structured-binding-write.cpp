// expect: no-fix — a structured binding names the borrowed member and assigns it while the copy lives
#include <ATen/ATen.h>
#include <iostream>

struct Pair {
  at::Tensor first;
  at::Tensor second;
};

int main() {
  Pair p{at::arange(2), at::arange(3)};
  auto& [a, b] = p;
  at::Tensor keep = p.first;
  a = at::arange(9);
  std::cout << keep.numel() << " " << b.numel() << " " << p.first.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
