// expect: no-fix — the copy is passed to an overload set whose at::Tensor& overload (which only reads) is chosen today; a const reference would choose the other overload
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
};

static int64_t kind(const at::Tensor& t) { return t.numel() * 10 + 1; }
static int64_t kind(at::Tensor& t) { return t.numel() * 10 + 2; }

static int64_t report(const Holder& h) {
  at::Tensor w = h.weight;
  return kind(w);
}

int main() {
  Holder h{at::arange(3)};
  std::cout << report(h) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
