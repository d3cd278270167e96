// expect: fix — elements of a local vector, a by-value parameter and a temporary range copied at the loop variable's last use, when nothing reads the container once the loop has begun
#include <ATen/ATen.h>
#include <iostream>
#include <utility>
#include <vector>

static std::vector<at::Tensor> compute(int64_t n) {
  std::vector<at::Tensor> outs;
  for (int64_t i = 0; i < n; ++i)
    outs.push_back(at::full({2}, static_cast<double>(i + 1)));
  return outs;
}

static double total(const at::Tensor &t) { return t.defined() ? t.sum().item<double>() : -1; }

static void pushEach(std::vector<at::Tensor> &stack) {
  std::vector<at::Tensor> outs = compute(3);
  std::cout << "first " << total(outs.front()) << "\n";
  for (auto &t : outs)
    stack.push_back(t);
}

static void byValue(std::vector<at::Tensor> outs, std::vector<at::Tensor> &stack) {
  for (at::Tensor &t : outs) {
    std::cout << "element " << total(t) << "\n";
    stack.emplace_back(t);
  }
}

static void temporary(std::vector<at::Tensor> &stack) {
  for (auto &t : compute(2))
    stack.push_back(t);
}

int main() {
  std::vector<at::Tensor> stack;
  pushEach(stack);
  auto kept = compute(2);
  byValue(kept, stack);
  temporary(stack);
  for (const auto &t : stack)
    std::cout << total(t) << "\n";
  std::cout << "caller's " << total(kept[0]) << " " << total(kept[1]) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
