// expect: no-fix — std::tie keeps references to the variables, read after their "last use"
#include <ATen/ATen.h>
#include <iostream>
#include <tuple>
#include <vector>

int main() {
  std::vector<at::Tensor> outputs;
  at::Tensor x = at::arange(3);
  at::Tensor y = at::arange(4);
  auto both = std::tie(x, y);
  outputs.push_back(x);
  outputs.push_back(y);
  std::cout << std::get<0>(both).defined() << " " << std::get<1>(both).defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
