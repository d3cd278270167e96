// expect: fix — a vector of tensor vectors and a vector of tensors copied into a pair at their last use
#include <ATen/ATen.h>
#include <iostream>
#include <utility>
#include <vector>

using Rows = std::vector<std::vector<at::Tensor>>;

static std::pair<Rows, std::vector<at::Tensor>> build(int64_t n) {
  Rows rows;
  std::vector<at::Tensor> flat;
  for (int64_t i = 0; i < n; ++i) {
    rows.push_back({at::full({2}, i), at::arange(i + 1)});
    flat.push_back(at::ones({1}) * i);
  }
  return {rows, flat};
}

static void collect(std::vector<Rows>& out, Rows rows) {
  out.push_back(rows);
}

int main() {
  auto built = build(3);
  std::vector<Rows> out;
  collect(out, built.first);
  int64_t sum = 0;
  for (const auto& row : out[0])
    for (const auto& t : row) sum += t.sum().item<int64_t>();
  std::cout << built.first.size() << " " << built.second.size() << " " << sum << " "
            << out[0][1][0].use_count() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
