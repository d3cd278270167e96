// expect: fix — each element of a local std::tuple copied out with std::get<K> where no later code reads it
#include <ATen/ATen.h>
#include <iostream>
#include <tuple>
#include <vector>

static std::vector<at::Tensor> forwardLike(const at::Tensor& x) {
  auto result = at::max(x, 0);
  auto out = std::get<0>(result);
  auto indices = std::get<1>(result);
  std::cout << out.sum().item<int64_t>() << " ";
  return {out, indices};
}

int main() {
  at::Tensor x = at::arange(6).reshape({2, 3});
  std::vector<at::Tensor> r = forwardLike(x);
  std::cout << r[0].sum().item<int64_t>() << " " << r[1].sum().item<int64_t>() << " "
            << x.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
