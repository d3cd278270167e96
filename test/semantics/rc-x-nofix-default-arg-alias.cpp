// expect: no-fix — a defaulted reference parameter names the same global as the const reference parameter and is written while the copy lives
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
};

static Holder g_holder;

static void report(const Holder& h, Holder& sink = g_holder) {
  at::Tensor w = h.weight;
  sink.weight = at::arange(9);
  std::cout << w.numel() << " " << h.weight.numel() << "\n";
}

int main() {
  g_holder.weight = at::arange(2);
  report(g_holder);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
