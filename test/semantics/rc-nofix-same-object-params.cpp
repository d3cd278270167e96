// expect: no-fix — two reference parameters of the same type are the same object (f(h, h)); one is written
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
};

static void rescale(const Holder& in, Holder& out) {
  at::Tensor w = in.weight;
  out.weight = at::zeros({2}, at::kLong);
  std::cout << w.sum().item<int64_t>() << " " << w.numel() << "\n";
}

int main() {
  Holder h{at::arange(5)};
  rescale(h, h);
  std::cout << h.weight.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
