// expect: no-fix — a second shared_ptr to the same object reassigns the borrowed member while the copy lives
#include <ATen/ATen.h>
#include <iostream>
#include <memory>

struct Box {
  at::Tensor t;
};

int main() {
  auto sp = std::make_shared<Box>(Box{at::arange(3)});
  auto other = sp;
  at::Tensor kept = sp->t;
  other->t = at::arange(8);
  std::cout << kept.numel() << " " << sp->t.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
