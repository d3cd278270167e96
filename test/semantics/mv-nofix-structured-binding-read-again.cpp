// expect: no-fix — a structured binding read again, declared by reference, bound to reference elements or seen through a reference
#include <ATen/ATen.h>
#include <iostream>
#include <tuple>
#include <utility>
#include <vector>

static std::tuple<at::Tensor, at::Tensor> maxOf(const at::Tensor& x) { return x.max(1); }

int main() {
  at::Tensor x = at::arange(6).reshape({2, 3});
  std::vector<at::Tensor> kept;

  auto [values, indices] = maxOf(x);
  kept.push_back(values);
  std::cout << values.defined() << " ";

  std::tuple<at::Tensor, at::Tensor> owned = maxOf(x * 2);
  auto& [a, b] = owned;
  kept.push_back(a);
  std::cout << std::get<0>(owned).defined() << " ";

  at::Tensor p = x * 3;
  at::Tensor q = x * 4;
  auto [r, s] = std::tie(p, q);
  kept.push_back(r);
  std::cout << p.defined() << " ";

  auto [low, high] = maxOf(x * 5);
  at::Tensor& alias = low;
  kept.push_back(low);
  std::cout << alias.defined() << " ";

  for (int k = 0; k < 2; ++k)
    kept.push_back(indices);
  std::cout << indices.defined() << " " << kept.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
