// expect: fix — the members of a local std::pair copied out where no later code reads them, by either name
#include <ATen/ATen.h>
#include <iostream>
#include <utility>
#include <vector>

static std::pair<at::Tensor, at::Tensor> splitHalves(const at::Tensor& x) {
  return {x.narrow(0, 0, 1), x.narrow(0, 1, 1)};
}

static std::vector<at::Tensor> both(const at::Tensor& x) {
  auto halves = splitHalves(x);
  at::Tensor low = halves.first;
  std::cout << halves.second.sum().item<int64_t>() << " ";
  std::vector<at::Tensor> out;
  out.push_back(low);
  out.push_back(std::get<1>(halves));
  return out;
}

static at::Tensor secondThenFirst(std::pair<at::Tensor, at::Tensor> p) {
  std::vector<at::Tensor> kept;
  kept.push_back(p.second);
  std::cout << kept[0].sum().item<int64_t>() << " " << p.first.dim() << " ";
  return p.first;
}

int main() {
  at::Tensor x = at::arange(6).reshape({2, 3});
  std::vector<at::Tensor> r = both(x);
  at::Tensor f = secondThenFirst(splitHalves(x * 2));
  std::cout << r[0].sum().item<int64_t>() << " " << r[1].sum().item<int64_t>() << " "
            << f.sum().item<int64_t>() << " " << x.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
