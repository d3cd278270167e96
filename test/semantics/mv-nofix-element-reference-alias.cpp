// expect: no-fix — a reference to the element taken earlier is read after the copy: moved, it would see an undefined tensor
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static std::vector<at::Tensor> split() { return {at::full({2}, 7), at::full({1}, 1)}; }

int main() {
  std::vector<at::Tensor> pieces = split();
  const at::Tensor& first = pieces[0];
  at::Tensor kept;
  kept = pieces[0];
  std::cout << first.defined() << " " << kept.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
