// expect: fix — copies at the last use inside lambdas invoked where they are written (nested, returned, on one branch, after a reading lambda, reassigned each iteration): nothing reads the variable once the lambda has returned
#include <ATen/ATen.h>
#include <iostream>
#include <utility>
#include <vector>

static std::vector<at::Tensor> kept;

static void keep(at::Tensor t) { kept.push_back(std::move(t)); }
static at::Tensor plusOne(at::Tensor t) { return t + 1; }
static double total(const at::Tensor &t) { return t.sum().item<double>(); }

static void nested(at::Tensor x) { [&] { [&] { keep(x); }(); }(); }

static at::Tensor returned(at::Tensor x) { return [&] { return plusOne(x); }(); }

static void onOneBranch(at::Tensor x, bool early) {
  [&] {
    if (early) {
      keep(x);
      return;
    }
    std::cout << "late " << total(x) << "\n";
  }();
}

static void afterAReader(at::Tensor x) {
  [&] { std::cout << "reader " << total(x) << "\n"; }();
  [&] { keep(x); }();
}

static void eachIteration(int n) {
  at::Tensor x;
  for (int i = 0; i < n; ++i) {
    x = at::full({2}, static_cast<double>(i));
    [&] { keep(x); }();
  }
}

static void pushedAfterAReader(at::Tensor x, std::vector<at::Tensor> &outs) {
  [&] { std::cout << "before push " << total(x) << "\n"; }();
  outs.push_back(x);
  std::cout << "outs " << outs.size() << "\n";
}

int main() {
  auto a = at::arange(3, at::kDouble);
  nested(a);
  std::cout << "returned " << total(returned(a)) << "\n";
  onOneBranch(a * 2, true);
  onOneBranch(a * 3, false);
  afterAReader(a + 10);
  eachIteration(3);
  std::vector<at::Tensor> outs;
  pushedAfterAReader(a - 1, outs);
  for (const auto &t : kept)
    std::cout << "kept " << t.defined() << " " << total(t) << "\n";
  std::cout << "outs[0] " << total(outs[0]) << " a " << total(a) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
