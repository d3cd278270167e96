// expect: no-fix — std::bind keeps std::cref(t) inside the callable, which is invoked after the push_back
#include <ATen/ATen.h>
#include <functional>
#include <iostream>
#include <vector>

static void show(const at::Tensor& t) { std::cout << "defined " << t.defined() << "\n"; }

int main() {
  at::Tensor t = at::arange(3);
  auto f = std::bind(show, std::cref(t));
  std::vector<at::Tensor> out;
  out.push_back(t);
  f();
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
