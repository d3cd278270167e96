// expect: no-fix — a c10::makeArrayRef view of the vector is read after its "last use"
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static int64_t total(std::vector<at::Tensor> ts) { return static_cast<int64_t>(ts.size()); }

int main() {
  std::vector<at::Tensor> ts{at::arange(2), at::arange(3)};
  auto view = c10::makeArrayRef(ts);
  int64_t n = total(ts);
  std::cout << n << " " << view.size() << " " << view[1].sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
