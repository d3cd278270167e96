// expect: fix — a tuple, a pair and an optional of tensors assigned to a member or an out-parameter at their last use
#include <ATen/ATen.h>
#include <iostream>
#include <optional>
#include <tuple>
#include <utility>

using State = std::tuple<at::Tensor, at::Tensor>;

static State cell(const at::Tensor& x, const State& state) {
  return {std::get<0>(state) * 0.5 + x, std::get<1>(state) + x};
}

struct Recurrent {
  State state_{at::zeros({3}), at::ones({3})};
  std::optional<at::Tensor> bias_;

  void advance(const at::Tensor& x) {
    State next = cell(x, state_);
    state_ = next;
  }
  void keepBias(const at::Tensor& b) {
    std::optional<at::Tensor> scaled = b * 2;
    bias_ = scaled;
  }
  // Read after the assignment: stays a copy, and the two stay distinct objects.
  double peek(const at::Tensor& x) {
    State next = cell(x, state_);
    state_ = next;
    std::get<0>(next).add_(100);
    return std::get<0>(state_).sum().item<double>();
  }
};

static void halves(std::pair<at::Tensor, at::Tensor>& out, const at::Tensor& x) {
  std::pair<at::Tensor, at::Tensor> both{x.slice(0, 0, 2), x.slice(0, 2)};
  out = both;
}

int main() {
  at::Tensor x = at::arange(4, at::kDouble);
  Recurrent r;
  for (int i = 0; i < 3; ++i)
    r.advance(x.slice(0, 0, 3));
  r.keepBias(x);
  std::cout << std::get<0>(r.state_).sum().item<double>() << " "
            << std::get<1>(r.state_).sum().item<double>() << " " << r.bias_->sum().item<double>()
            << " " << r.peek(x.slice(0, 1)) << " ";
  std::pair<at::Tensor, at::Tensor> out;
  halves(out, x);
  std::cout << out.first.sum().item<double>() << " " << out.second.sum().item<double>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
