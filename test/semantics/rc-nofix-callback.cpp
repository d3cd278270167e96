// expect: no-fix — a callback the function calls changes the object its reference parameter names
#include <ATen/ATen.h>
#include <functional>
#include <iostream>

struct Holder {
  at::Tensor weight;
};

static void report(const Holder& h, const std::function<void()>& before_print) {
  at::Tensor w = h.weight;
  before_print();
  std::cout << w.sum().item<int64_t>() << " " << w.numel() << "\n";
}

int main() {
  Holder h{at::arange(4)};
  report(h, [&h] { h.weight = at::arange(20); });
  std::cout << h.weight.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
