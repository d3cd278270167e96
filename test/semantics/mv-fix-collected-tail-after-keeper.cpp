// expect: fix — outputs handed to a launcher that keeps their address, then collected into a vector that is returned: only library code on values runs after the moves
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static const at::Tensor *lastOutput = nullptr;

static void launch(const at::Tensor &in, at::Tensor &out) {
  lastOutput = &out;
  out.copy_(in + 1);
}

static std::vector<at::Tensor> collect(const at::Tensor &x, bool both) {
  auto first = at::zeros_like(x);
  auto second = at::zeros_like(x);
  launch(x, first);
  launch(x * 2, second);
  std::vector<at::Tensor> outs;
  outs.reserve(2);
  outs.push_back(first);
  if (both)
    outs.push_back(second);
  std::vector<at::Tensor> copy{outs.front()};
  return both ? outs : copy;
}

int main() {
  auto x = at::arange(3, at::kDouble);
  for (bool both : {true, false}) {
    auto outs = collect(x, both);
    std::cout << outs.size();
    for (const auto &t : outs)
      std::cout << " " << t.sum().item<double>();
    std::cout << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
