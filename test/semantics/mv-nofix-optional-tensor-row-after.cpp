// expect: no-fix — an optional tensor's value is copied, then a row of that same tensor is read through the tensor's own operator[] (not an element the optional owns): a move would leave the row read an empty tensor
#include <ATen/ATen.h>
#include <iostream>
#include <optional>
#include <utility>
#include <vector>

static std::vector<at::Tensor> kept;
static void keep(at::Tensor t) { kept.push_back(std::move(t)); }

static std::optional<at::Tensor> lookup(int64_t n) {
  if (n == 0)
    return std::nullopt;
  return at::arange(n * 2, at::kDouble).reshape({n, 2});
}

static void valueThenRow() {
  auto maybe = lookup(3);
  keep(*maybe);
  std::cout << "row " << (*maybe)[1].sum().item<double>() << "\n";
}

int main() {
  valueThenRow();
  std::cout << "kept " << kept.size() << " " << kept[0].sum().item<double>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
