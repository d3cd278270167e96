// expect: fix — a by-value parameter of a member function is read, then copy-assigned into a member at its last use
#include <ATen/ATen.h>
#include <iostream>

class Scaler {
 public:
  void set(at::Tensor w, int64_t factor) {
    std::cout << "set " << w.numel() << "\n";
    factor_ = factor;
    weight_ = w;
  }
  int64_t apply() const { return weight_.sum().item<int64_t>() * factor_; }

 private:
  at::Tensor weight_;
  int64_t factor_ = 1;
};

int main() {
  Scaler s;
  s.set(at::arange(4), 3);
  std::cout << s.apply() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
