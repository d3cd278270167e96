// expect: no-fix — a goto jumps back before the push_back, so the tensor is copied again on the retry
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

int main() {
  at::Tensor t = at::arange(3);
  std::vector<at::Tensor> out;
  int tries = 0;
again:
  out.push_back(t);
  if (++tries < 2) goto again;
  for (const at::Tensor& x : out) std::cout << x.defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
