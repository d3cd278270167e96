// expect: no-fix — a reference to the vector grows it (reallocates) while a copy of an element's member lives
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

struct Layer {
  at::Tensor w;
};

int main() {
  std::vector<Layer> layers;
  layers.push_back(Layer{at::arange(2)});
  auto& same = layers;
  at::Tensor w = layers[0].w;
  for (int64_t i = 0; i < 8; ++i) same.push_back(Layer{at::arange(i + 3)});
  std::cout << w.numel() << " " << layers.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
