// expect: fix — an optional tensor, a variable or a structured binding, copied at its last use
#include <ATen/ATen.h>
#include <iostream>
#include <optional>
#include <tuple>
#include <vector>

static at::Tensor affine(const at::Tensor& x, std::optional<at::Tensor> bias) {
  if (!bias)
    return x * 2;
  return x * 2 + *bias;
}

static std::tuple<at::Tensor, std::optional<at::Tensor>> weightAndBias(bool withBias) {
  at::Tensor w = at::ones({3}, at::kDouble);
  std::optional<at::Tensor> b;
  if (withBias)
    b = w * 5;
  return {w, b};
}

static at::Tensor applyBias(const at::Tensor& x, const std::optional<at::Tensor>& maybeBias) {
  std::optional<at::Tensor> bias = maybeBias;
  if (bias)
    std::cout << bias->sum().item<double>() << " ";
  return affine(x, bias);
}

static std::vector<std::optional<at::Tensor>> collect(const at::Tensor& x) {
  std::vector<std::optional<at::Tensor>> out;
  for (int i = 0; i < 3; ++i) {
    auto [w, b] = weightAndBias(i % 2 == 0);
    out.push_back(b);
    std::cout << w.sum().item<double>() << " ";
  }
  std::optional<at::Tensor> last = x + 1;
  out.push_back(last);
  return out;
}

int main() {
  at::Tensor x = at::arange(3, at::kDouble);
  std::optional<at::Tensor> bias = x * 3;
  std::cout << applyBias(x, bias).sum().item<double>() << " " << applyBias(x, std::nullopt).sum().item<double>() << " ";
  for (const auto& o : collect(x))
    std::cout << (o ? o->sum().item<double>() : -1.0) << " ";
  std::cout << bias->sum().item<double>() << " " << x.sum().item<double>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
