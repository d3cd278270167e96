// expect: no-fix — the const reference parameter is a global that a called function reassigns while the copy lives
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
};

static Holder g_holder;

static void refresh() { g_holder.weight = at::arange(9); }

static void report(const Holder& h) {
  at::Tensor w = h.weight;
  refresh();
  std::cout << w.numel() << " " << h.weight.numel() << "\n";
}

int main() {
  g_holder.weight = at::arange(2);
  report(g_holder);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
