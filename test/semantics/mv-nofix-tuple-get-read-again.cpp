// expect: no-fix — the same std::get<0> element of a local tuple is read again after the copy
#include <ATen/ATen.h>
#include <iostream>
#include <tuple>
#include <vector>

int main() {
  at::Tensor x = at::arange(6).reshape({2, 3});
  auto result = at::max(x, 0);
  std::vector<at::Tensor> kept;
  kept.push_back(std::get<0>(result));
  std::cout << std::get<0>(result).sum().item<int64_t>() << " "
            << kept[0].sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
