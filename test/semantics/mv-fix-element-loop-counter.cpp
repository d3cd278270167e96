// expect: fix — a local vector's elements read once each by the counter of the loop around them, the vector dying after the loop
#include <ATen/ATen.h>
#include <iostream>
#include <utility>
#include <vector>

static std::vector<at::Tensor> split(int64_t n) {
  std::vector<at::Tensor> rows;
  for (int64_t i = 0; i < n; ++i) rows.push_back(at::full({2}, i + 1));
  return rows;
}

int main() {
  std::vector<std::vector<at::Tensor>> perStream(3);
  for (int round = 0; round < 2; ++round) {
    std::vector<at::Tensor> rows = split(3);
    for (int b = 0; b != 3; ++b)
      perStream[b].push_back(rows[b]);
  }
  std::vector<at::Tensor> reversed;
  std::vector<at::Tensor> rows = split(4);
  for (int64_t i = 3; i >= 0; --i)
    reversed.push_back(rows.at(i));
  int64_t total = 0;
  for (const auto& s : perStream)
    for (const auto& t : s) total += t.sum().item<int64_t>();
  std::cout << total << " " << reversed.front().sum().item<int64_t>() << " " << reversed.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
