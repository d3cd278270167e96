// expect: no-fix — t.sizes() (an IntArrayRef into the TensorImpl) is stored in a vector; t is then passed by value to a function that drops it and the sizes are read
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static int64_t consume(at::Tensor x) { return x.dim(); }

int main() {
  at::Tensor t = at::zeros({2, 3});
  std::vector<at::IntArrayRef> shapes;
  shapes.push_back(t.sizes());
  std::cout << consume(t) << "\n";
  std::cout << shapes[0][0] << " " << shapes[0][1] << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
