// expect: fix — a member of a const reference parameter, read while nothing in the function can change it
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
  at::Tensor bias;
};

static int64_t score(const Holder& holder) {
  at::Tensor w = holder.weight;
  return w.sum().item<int64_t>() * 10 + w.size(0);
}

int main() {
  Holder h{at::arange(5), at::ones({2}, at::kLong)};
  std::cout << score(h) << "\n";
  std::cout << h.bias.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
