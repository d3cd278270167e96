// expect: no-fix — the returned list reads, through an address a callee kept, the tensor it also copies: a move before that read would hand over an empty tensor
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static const at::Tensor *lastOutput = nullptr;

static void launch(const at::Tensor &in, at::Tensor &out) {
  lastOutput = &out;
  out.copy_(in * 2);
}

static std::vector<at::Tensor> throughPointer(const at::Tensor &x) {
  auto out = at::zeros_like(x);
  launch(x, out);
  return {out, *lastOutput};
}

static at::Tensor readKept() { return *lastOutput; }

static std::vector<at::Tensor> throughCall(const at::Tensor &x) {
  auto out = at::zeros_like(x);
  launch(x, out);
  return {out, readKept()};
}

int main() {
  auto x = at::arange(3, at::kDouble);
  for (const auto &outs : {throughPointer(x), throughCall(x)})
    std::cout << outs[0].defined() << " " << outs[1].defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
