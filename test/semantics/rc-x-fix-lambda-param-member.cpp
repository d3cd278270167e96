// expect: fix — inside a lambda, a member of its const reference parameter is copied and only read
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

struct Layer {
  at::Tensor weight;
  at::Tensor bias;
};

int main() {
  std::vector<Layer> layers{Layer{at::arange(3), at::ones({3}, at::kLong)},
                            Layer{at::arange(5), at::ones({5}, at::kLong)}};
  auto measure = [](const Layer& l) {
    at::Tensor w = l.weight;
    return w.sum().item<int64_t>() * 10 + w.numel();
  };
  for (const Layer& l : layers) std::cout << measure(l) << " " << l.bias.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
