// expect: no-fix — an iterator into the vector is read after the vector's "last use"
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static size_t consume(std::vector<at::Tensor> ts) { return ts.size(); }

int main() {
  std::vector<at::Tensor> ts{at::arange(5), at::arange(6)};
  auto it = ts.begin();
  size_t n = consume(ts);
  std::cout << n << " " << it->sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
