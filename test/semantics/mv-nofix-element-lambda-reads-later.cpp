// expect: no-fix — a lambda that captured the container by reference reads the element after the copy
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static std::vector<at::Tensor> split() { return {at::full({2}, 7), at::full({1}, 1)}; }

int main() {
  std::vector<at::Tensor> pieces = split();
  auto first = [&] { return pieces[0].defined(); };
  at::Tensor kept;
  kept = pieces[0];
  std::cout << first() << " " << kept.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
