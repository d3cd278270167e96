// expect: no-fix — a reference to the tensor is read after the copy: moved, it would see an undefined tensor
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

void collect(std::vector<at::Tensor>& out) {
  at::Tensor t = at::ones({3});
  const at::Tensor& r = t;
  out.push_back(t);
  std::cout << "still defined: " << r.defined() << "\n";
}

int main() {
  std::vector<at::Tensor> out;
  collect(out);
  std::cout << out.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
