// expect: fix — two elements of a local vector at different constant indices copied in one expression, neither read again
#include <ATen/ATen.h>
#include <iostream>
#include <tuple>
#include <vector>

static std::vector<at::Tensor> halves(const at::Tensor& x) { return x.chunk(2); }

static std::tuple<at::Tensor, at::Tensor> split(const at::Tensor& x) {
  std::vector<at::Tensor> result = halves(x);
  std::cout << result.size() << " ";
  return std::make_tuple(result[0], result[1]);
}

int main() {
  at::Tensor x = at::arange(6);
  auto [a, b] = split(x);
  std::cout << a.sum().item<int64_t>() << " " << b.sum().item<int64_t>() << " "
            << x.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
