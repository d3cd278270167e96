// expect: no-fix — the copy comes through a const view while the object is updated through its own name
#include <ATen/ATen.h>
#include <iostream>

class Model {
 public:
  const at::Tensor& weight() const { return weight_; }
  void update(int64_t n) { weight_ = at::arange(n); }

 private:
  at::Tensor weight_ = at::arange(3);
};

struct Session {
  Model model;
};

int main() {
  Session session;
  const Session& view = session;
  at::Tensor w = view.model.weight();
  session.model.update(8);
  std::cout << w.sum().item<int64_t>() << " " << w.numel() << "\n";
  std::cout << view.model.weight().sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
