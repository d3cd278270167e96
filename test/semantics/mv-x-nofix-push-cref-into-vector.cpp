// expect: no-fix — std::cref(t) is stored in a vector of reference_wrapper and read after the push_back of t
#include <ATen/ATen.h>
#include <functional>
#include <iostream>
#include <vector>

int main() {
  at::Tensor t = at::arange(3);
  std::vector<std::reference_wrapper<const at::Tensor>> refs;
  refs.push_back(std::cref(t));
  std::vector<at::Tensor> out;
  out.push_back(t);
  std::cout << refs[0].get().defined() << " " << out.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
