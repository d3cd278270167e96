// expect: fix — the copy lives in an inner block that ends before the member is reassigned; a lambda reads the struct only
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
  at::Tensor bias;
};

static int64_t total(const Holder& h) {
  int64_t s = 0;
  {
    at::Tensor w = h.bias;
    s += w.sum().item<int64_t>();
    s += w.numel() * 100;
  }
  return s;
}

int main() {
  Holder h{at::arange(3), at::ones({4}, at::kLong)};
  std::cout << total(h) << "\n";
  h.bias = at::arange(5);
  std::cout << total(h) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
