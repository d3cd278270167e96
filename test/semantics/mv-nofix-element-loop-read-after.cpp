// expect: no-fix — the vector is read after the loop that copies each element out of it
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static std::vector<at::Tensor> split() { return {at::full({2}, 1), at::full({2}, 2)}; }

int main() {
  std::vector<at::Tensor> rows = split();
  std::vector<at::Tensor> out;
  for (int b = 0; b < 2; ++b) out.push_back(rows[b]);
  std::cout << rows[0].defined() << " " << rows[1].sum().item<int64_t>() << " " << out.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
