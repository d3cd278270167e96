// expect: no-fix — pointers to the vector's elements, taken through a range-for reference, are read after the vector is passed by value
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static int64_t consume(std::vector<at::Tensor> v) {
  int64_t s = 0;
  for (const auto& x : v) s += x.sum().item<int64_t>();
  return s;
}

int main() {
  std::vector<at::Tensor> ts{at::arange(3), at::arange(5)};
  std::vector<const at::Tensor*> elems;
  for (const auto& x : ts) elems.push_back(&x);
  std::cout << consume(ts) << "\n";
  for (const at::Tensor* p : elems) std::cout << p->numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
