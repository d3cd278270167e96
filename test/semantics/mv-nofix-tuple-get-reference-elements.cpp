// expect: no-fix — std::get<0> of a tuple of references (at::max_out's result) names the caller's tensor: moving it would empty that tensor
#include <ATen/ATen.h>
#include <iostream>
#include <tuple>
#include <vector>

int main() {
  at::Tensor x = at::arange(6, at::kFloat).reshape({2, 3});
  at::Tensor values = at::empty({3});
  at::Tensor indices = at::empty({3}, at::kLong);
  auto r = at::max_out(values, indices, x, 0);
  std::vector<at::Tensor> kept;
  kept.push_back(std::get<0>(r));
  kept.push_back(std::get<1>(std::tie(values, indices)));
  std::cout << values.defined() << " " << values.sum().item<double>() << " "
            << indices.sum().item<int64_t>() << " " << kept[0].sum().item<double>() << " "
            << kept[1].sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
