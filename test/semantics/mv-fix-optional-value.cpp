// expect: fix — the value of an optional tensor parameter copied into a member where nothing uses the optional again
#include <ATen/ATen.h>
#include <c10/util/Optional.h>
#include <iostream>
#include <utility>

struct Affine {
  at::Tensor weight_;
  at::Tensor bias_;
  Affine(at::Tensor weight, c10::optional<at::Tensor> bias) : weight_(std::move(weight)) {
    if (bias.has_value())
      bias_ = *bias;
  }
  at::Tensor forward(const at::Tensor& x) const {
    return bias_.defined() ? x * weight_ + bias_ : x * weight_;
  }
};

int main() {
  at::Tensor w = at::full({3}, 2);
  at::Tensor b = at::arange(3);
  Affine with(w, b);
  Affine without(w, c10::nullopt);
  at::Tensor x = at::ones({3});
  std::cout << with.forward(x).sum().item<int64_t>() << " "
            << without.forward(x).sum().item<int64_t>() << " " << b.sum().item<int64_t>() << " "
            << w.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
