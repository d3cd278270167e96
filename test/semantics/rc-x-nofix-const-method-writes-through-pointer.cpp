// expect: no-fix — a const member function writes the borrowed tensor through a pointer member (no mutable needed) while the copy lives
#include <ATen/ATen.h>
#include <iostream>

struct Impl {
  at::Tensor weight;
};

struct Model {
  Impl* impl;
  void reload(int64_t n) const { impl->weight = at::arange(n); }
};

static void report(const Model& m) {
  at::Tensor w = m.impl->weight;
  m.reload(7);
  std::cout << w.numel() << " " << m.impl->weight.numel() << "\n";
}

int main() {
  Impl i{at::arange(3)};
  Model m{&i};
  report(m);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
