// expect: no-fix — a reference bound to a reference to the tensor reads it after the push_back
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

int main() {
  at::Tensor t = at::arange(3);
  at::Tensor& r1 = t;
  const at::Tensor& r2 = r1;
  std::vector<at::Tensor> out;
  out.push_back(t);
  std::cout << r2.defined() << " " << out.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
