// expect: no-fix — the container of a range-for loop is read again once the loop has begun (after the loop, inside it, by an outer loop running it again, through a reference kept to it): a move of each element would leave those reads empty tensors
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

static std::vector<at::Tensor> stack;
static void show(const char *what, const at::Tensor &t) {
  std::cout << what << " " << t.defined() << "\n";
}

static void readAfter() {
  std::vector<at::Tensor> outs = compute(2);
  for (auto &t : outs)
    stack.push_back(t);
  show("after the loop", outs[0]);
}

static void readInside() {
  std::vector<at::Tensor> outs = compute(2);
  for (auto &t : outs) {
    stack.push_back(t);
    show("inside the loop", outs.front());
  }
}

static void runsAgain() {
  std::vector<at::Tensor> outs = compute(2);
  for (int round = 0; round < 2; ++round)
    for (auto &t : outs)
      stack.push_back(t);
}

static void aliasAfter() {
  std::vector<at::Tensor> outs = compute(2);
  auto &same = outs;
  for (auto &t : outs)
    stack.push_back(t);
  show("through a reference", same[1]);
}

int main() {
  readAfter();
  readInside();
  runsAgain();
  aliasAfter();
  for (const auto &t : stack)
    show("stack", t);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
