// expect: no-fix — a temporary aggregate holding a non-const reference reassigns the borrowed member in its destructor while the copy lives
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
};

struct Resetter {
  Holder& h;
  ~Resetter() { h.weight = at::arange(1); }
};

static void run(Holder& h) {
  at::Tensor w = h.weight;
  Resetter{h};
  std::cout << w.numel() << " " << h.weight.numel() << "\n";
}

int main() {
  Holder h{at::arange(6)};
  run(h);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
