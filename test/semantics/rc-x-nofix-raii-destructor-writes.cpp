// expect: no-fix — a scoped object's destructor reassigns the borrowed member (through the reference its constructor kept) while the copy lives
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
};

struct ScopedSwap {
  ScopedSwap(Holder& h, at::Tensor t) : h_(h), t_(std::move(t)) {}
  ~ScopedSwap() { h_.weight = t_; }
  Holder& h_;
  at::Tensor t_;
};

static void run(Holder& h) {
  at::Tensor w = h.weight;
  { ScopedSwap s(h, at::arange(9)); }
  std::cout << w.numel() << " " << h.weight.numel() << "\n";
}

int main() {
  Holder h{at::arange(2)};
  run(h);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
