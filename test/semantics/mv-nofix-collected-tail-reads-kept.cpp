// expect: no-fix — after the collected copy, a user function reads the tensor through the address a callee kept: moved, it would read an empty tensor
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static const at::Tensor *lastOutput = nullptr;

static void launch(const at::Tensor &in, at::Tensor &out) {
  lastOutput = &out;
  out.copy_(in + 1);
}

static double lastSum() { return lastOutput->defined() ? lastOutput->sum().item<double>() : -1.0; }

static std::vector<double> collect(const at::Tensor &x) {
  auto out = at::zeros_like(x);
  launch(x, out);
  std::vector<at::Tensor> outs;
  outs.push_back(out);
  std::vector<double> sums{outs[0].sum().item<double>(), lastSum()};
  return sums;
}

int main() {
  auto sums = collect(at::arange(3, at::kDouble));
  std::cout << sums[0] << " " << sums[1] << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
