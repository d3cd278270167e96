// expect: no-fix — a local's destructor reads, after the return's copy, a tensor a callee kept the address of: moved, it would read an empty tensor
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static const at::Tensor *lastOutput = nullptr;

static void launch(const at::Tensor &in, at::Tensor &out) {
  lastOutput = &out;
  out.copy_(in * 2);
}

struct Report {
  ~Report() { std::cout << "last output defined: " << lastOutput->defined() << "\n"; }
};

static std::vector<at::Tensor> run(const at::Tensor &x) {
  auto out = at::zeros_like(x);
  launch(x, out);
  Report report;
  return {out, x};
}

int main() {
  auto outs = run(at::arange(3, at::kDouble));
  std::cout << outs[0].sum().item<double>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
