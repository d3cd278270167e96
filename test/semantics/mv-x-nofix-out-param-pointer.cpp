// expect: no-fix — a user function writes the tensor's address into an out-parameter, read after the push_back
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static void remember(const at::Tensor& t, const at::Tensor** slot) { *slot = &t; }

int main() {
  at::Tensor t = at::arange(3);
  const at::Tensor* seen = nullptr;
  remember(t, &seen);
  std::vector<at::Tensor> out;
  out.push_back(t);
  std::cout << seen->defined() << " " << out.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
