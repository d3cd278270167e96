// expect: no-fix — the source is written through const_cast while the copy is still read
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
};

static void touch(const Holder& h) {
  at::Tensor w = h.weight;
  const_cast<Holder&>(h).weight = at::arange(7);
  std::cout << w.sum().item<int64_t>() << " " << w.numel() << "\n";
}

int main() {
  Holder h{at::arange(3)};
  touch(h);
  std::cout << h.weight.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
