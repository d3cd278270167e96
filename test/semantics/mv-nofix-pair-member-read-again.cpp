// expect: no-fix — a pair's member is read again after the copy, by its name, through std::get, or with the whole pair
#include <ATen/ATen.h>
#include <iostream>
#include <utility>
#include <vector>

static int64_t total(const std::pair<at::Tensor, at::Tensor>& p) {
  return p.first.sum().item<int64_t>() + p.second.sum().item<int64_t>();
}

int main() {
  at::Tensor x = at::arange(6).reshape({2, 3});
  auto p = std::make_pair(x.narrow(0, 0, 1), x.narrow(0, 1, 1));
  std::vector<at::Tensor> kept;
  kept.push_back(p.first);
  std::cout << std::get<0>(p).sum().item<int64_t>() << " ";
  kept.push_back(p.second);
  std::cout << p.second.dim() << " ";
  kept.push_back(p.first);
  std::cout << total(p) << " " << kept.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
