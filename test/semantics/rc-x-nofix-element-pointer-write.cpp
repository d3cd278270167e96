// expect: no-fix — a pointer to the vector element taken before the copy reassigns the borrowed member while the copy lives
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

struct Layer {
  at::Tensor w;
};

int main() {
  std::vector<Layer> layers{Layer{at::arange(2)}, Layer{at::arange(3)}};
  Layer* first = &layers[0];
  at::Tensor w = layers[0].w;
  first->w = at::arange(7);
  std::cout << w.numel() << " " << layers[0].w.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
