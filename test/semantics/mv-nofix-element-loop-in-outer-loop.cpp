// expect: no-fix — the counted loop runs twice inside an outer loop the vector outlives: moved in the first round, the second would copy undefined tensors
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static std::vector<at::Tensor> split() { return {at::full({2}, 1), at::full({2}, 2)}; }

int main() {
  std::vector<at::Tensor> rows = split();
  std::vector<at::Tensor> out;
  for (int round = 0; round < 2; ++round)
    for (int b = 0; b < 2; ++b)
      out.push_back(rows[b]);
  for (const auto& t : out) std::cout << t.defined() << " ";
  std::cout << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
