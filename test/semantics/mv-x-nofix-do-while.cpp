// expect: no-fix — the push_back is in a do-while body that repeats, and the tensor is declared outside the loop
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

int main() {
  at::Tensor t = at::arange(3);
  std::vector<at::Tensor> out;
  int n = 0;
  do {
    out.push_back(t);
  } while (++n < 3);
  for (const at::Tensor& x : out) std::cout << x.defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
