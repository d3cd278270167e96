// expect: fix — tensors copied into std::optional parameters and locals at their last use
#include <ATen/ATen.h>
#include <iostream>
#include <optional>

static at::Tensor scale(const at::Tensor& x, std::optional<at::Tensor> weight) {
  return weight ? x * *weight : x;
}

static int64_t describe(const std::optional<at::Tensor>& maybe) {
  return maybe ? maybe->sum().item<int64_t>() : -1;
}

static at::Tensor forward(const at::Tensor& x, at::Tensor weight, at::Tensor bias) {
  at::Tensor shifted = x + bias;
  std::optional<at::Tensor> kept = shifted;
  std::cout << describe(bias) << " ";
  return scale(*kept, weight);
}

int main() {
  at::Tensor x = at::arange(4);
  at::Tensor w = at::full({4}, 3, at::kLong);
  at::Tensor b = at::ones({4}, at::kLong);
  at::Tensor y = forward(x, w, b);
  std::cout << y.sum().item<int64_t>() << " " << w.sum().item<int64_t>() << " "
            << b.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
