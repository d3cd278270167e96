// expect: no-fix — std::tie over the borrowed member is assigned while the copy lives
#include <ATen/ATen.h>
#include <iostream>
#include <tuple>

struct Holder {
  at::Tensor weight;
  int64_t step;
};

int main() {
  Holder h{at::arange(3), 0};
  at::Tensor w = h.weight;
  std::tie(h.weight, h.step) = std::make_tuple(at::arange(8), int64_t(1));
  std::cout << w.numel() << " " << h.weight.numel() << " " << h.step << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
