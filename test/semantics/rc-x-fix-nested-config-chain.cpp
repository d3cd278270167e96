// expect: fix — a member of a vector element of a const reference parameter, read while only a by-value local tensor off the path is changed
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

struct Layer {
  at::Tensor weight;
  int64_t id;
};

struct Config {
  std::vector<Layer> layers;
  std::string name;
};

static int64_t score(const Config& cfg) {
  at::Tensor acc = at::zeros({3}, at::kLong);
  at::Tensor w = cfg.layers[1].weight;
  acc += w;
  acc = acc * 2;
  int64_t extra = static_cast<int64_t>(cfg.name.size());
  return acc.sum().item<int64_t>() + w.numel() * 100 + extra;
}

int main() {
  Config cfg{{Layer{at::ones({3}, at::kLong), 0}, Layer{at::arange(3), 1}}, "cfg"};
  std::cout << score(cfg) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
