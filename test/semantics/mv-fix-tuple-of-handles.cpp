// expect: fix — a tuple or pair that holds tensors, copied at its last use
#include <ATen/ATen.h>
#include <iostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using State = std::tuple<at::Tensor, at::Tensor>;

static State cell(const at::Tensor& x, State state) {
  auto [h, c] = std::move(state);
  return {h * 0.5 + x, c + h};
}

static std::tuple<at::Tensor, State> lstm(const at::Tensor& x, State state) {
  State next = cell(x, state);
  return {std::get<0>(next).sum(), std::move(next)};
}

static State unroll(const at::Tensor& x, const at::Tensor& h, const at::Tensor& c) {
  State state = std::make_tuple(h, c);
  for (int i = 0; i < 3; ++i) {
    State next = cell(x, state);
    state = next;
  }
  return state;
}

static State forward(const at::Tensor& x, const State& initial) {
  auto [output, hidden] = lstm(x, initial);
  std::cout << output.item<double>() << " ";
  return cell(x, hidden);
}

static std::vector<std::pair<std::string, at::Tensor>> named(const at::Tensor& w) {
  std::vector<std::pair<std::string, at::Tensor>> out;
  std::pair<std::string, at::Tensor> entry{"weight", w};
  out.push_back(entry);
  std::pair<std::string, at::Tensor> bias{"bias", w * 2};
  out.push_back(bias);
  return out;
}

int main() {
  at::Tensor x = at::arange(4, at::kDouble);
  State s = unroll(x, x * 2, x * 3);
  std::cout << std::get<0>(s).sum().item<double>() << " " << std::get<1>(s).sum().item<double>() << " ";
  State f = forward(x, s);
  std::cout << std::get<0>(f).sum().item<double>() << " " << std::get<1>(f).sum().item<double>() << " ";
  for (const auto& [name, t] : named(x))
    std::cout << name << "=" << t.sum().item<double>() << " ";
  std::cout << std::get<0>(s).sum().item<double>() << " " << x.sum().item<double>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
