// expect: fix — elements of a vector held by a local optional, copied at their last read (a constant index at the optional's last use, then the other element; each element of a counted loop): the optional owns the vector, which owns its elements
#include <ATen/ATen.h>
#include <iostream>
#include <optional>
#include <utility>
#include <vector>

static std::optional<std::vector<at::Tensor>> run(int64_t n) {
  if (n == 0)
    return std::nullopt;
  std::vector<at::Tensor> outs;
  for (int64_t i = 0; i < n; ++i)
    outs.push_back(at::full({2}, static_cast<double>(i + 1)));
  return outs;
}

static double total(const at::Tensor &t) { return t.defined() ? t.sum().item<double>() : -1; }

static at::Tensor first(int64_t n) {
  if (auto outputs = run(n))
    return outputs->at(0);
  return at::Tensor();
}

static void firstTwo(int64_t n, std::vector<at::Tensor> &out) {
  auto outputs = run(n);
  out.push_back((*outputs)[0]);
  out.push_back(outputs.value().at(1));
}

static void every(int64_t n, std::vector<at::Tensor> &out) {
  auto outputs = run(n);
  for (int64_t i = 0; i < n; ++i)
    out.push_back((*outputs)[i]);
}

int main() {
  std::cout << "first " << total(first(3)) << " none " << total(first(0)) << "\n";
  std::vector<at::Tensor> out;
  firstTwo(2, out);
  every(3, out);
  for (const auto &t : out)
    std::cout << total(t) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
