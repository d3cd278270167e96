// expect: no-fix — a lambda that captured the struct by reference reassigns the borrowed member while the copy lives
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
};

int main() {
  Holder h{at::arange(3)};
  auto upd = [&h](int64_t n) { h.weight = at::arange(n); };
  at::Tensor w = h.weight;
  upd(8);
  std::cout << w.numel() << " " << h.weight.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
