// expect: no-fix — the same element is copied in every iteration of a loop: moved in the first, the second would copy an undefined tensor
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static std::vector<at::Tensor> split() { return {at::full({2}, 7), at::full({1}, 1)}; }

int main() {
  std::vector<at::Tensor> pieces = split();
  std::vector<at::Tensor> out;
  for (int i = 0; i < 3; ++i)
    out.push_back(pieces[0]);
  for (const auto& t : out) std::cout << t.defined() << " ";
  std::cout << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
