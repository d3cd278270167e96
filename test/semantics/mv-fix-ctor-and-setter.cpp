// expect: fix — by-value parameters copied into members at their last use (initialisers and a setter)
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;
using Stack = std::vector<IValue>;

class Batcher {
 public:
  Batcher(Stack first, at::Tensor w) : pending_(first), weights_(w) {}
  void set(at::Tensor w) {
    if (w.numel() > 0) {
      weights_ = w;
    }
  }
  int64_t summary() const { return static_cast<int64_t>(pending_.size()) * 1000 + weights_.sum().item<int64_t>(); }

 private:
  Stack pending_;
  at::Tensor weights_;
};

int main() {
  Batcher b(Stack{IValue(int64_t(1)), IValue(int64_t(2))}, at::arange(4));
  std::cout << b.summary() << "\n";
  b.set(at::arange(5));
  std::cout << b.summary() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
