// expect: fix — a tensor declared before a loop is pushed once, in the branch that then always breaks: no use follows on any path
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

int main() {
  std::vector<at::Tensor> out;
  at::Tensor t = at::arange(4);
  int64_t seen = 0;
  for (int64_t i = 0; i < 5; ++i) {
    seen += i;
    std::cout << "step " << i << "\n";
    if (i == 2) {
      out.push_back(t);
      break;
    }
  }
  std::cout << seen << " " << out.size() << " " << out[0].sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
