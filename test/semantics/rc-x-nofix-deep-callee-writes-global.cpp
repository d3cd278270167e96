// expect: no-fix — a chain of four calls reassigns the global the const reference parameter names, while the copy lives
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
};

static Holder g_holder;

static void d4() { g_holder.weight = at::arange(9); }
static void d3() { d4(); }
static void d2() { d3(); }
static void d1() { d2(); }

static void report(const Holder& h) {
  at::Tensor w = h.weight;
  d1();
  std::cout << w.numel() << " " << h.weight.numel() << "\n";
}

int main() {
  g_holder.weight = at::arange(2);
  report(g_holder);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
