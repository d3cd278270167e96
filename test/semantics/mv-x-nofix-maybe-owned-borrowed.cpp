// expect: no-fix — c10::MaybeOwned<at::Tensor>::borrowed(t) keeps a borrow of t's TensorImpl and is read after t is passed by value to a function that drops it
#include <ATen/ATen.h>
#include <c10/util/MaybeOwned.h>
#include <iostream>

static int64_t consume(at::Tensor x) { return x.numel(); }

int main() {
  at::Tensor t = at::arange(4);
  auto b = c10::MaybeOwned<at::Tensor>::borrowed(t);
  std::cout << consume(t) << "\n";
  std::cout << b->numel() << " " << b->sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
