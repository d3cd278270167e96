// expect: no-fix — a user function returns a lambda (auto) that captured the tensor parameter by reference; it is called after the push_back
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static auto summer(const at::Tensor& t) {
  return [&t] { return t.defined() ? t.sum().item<int64_t>() : int64_t(-1); };
}

int main() {
  at::Tensor t = at::arange(5);
  auto f = summer(t);
  std::vector<at::Tensor> out;
  out.push_back(t);
  std::cout << f() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
