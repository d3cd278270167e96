// expect: no-fix — a vector of std::reference_wrapper built implicitly from the tensor (no std::cref call) is read after the push_back
#include <ATen/ATen.h>
#include <functional>
#include <iostream>
#include <vector>

int main() {
  at::Tensor t = at::arange(3);
  at::Tensor u = at::arange(4);
  std::vector<std::reference_wrapper<const at::Tensor>> refs{t, u};
  std::vector<at::Tensor> out;
  out.push_back(t);
  for (const at::Tensor& r : refs) std::cout << r.defined() << "\n";
  std::cout << u.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
