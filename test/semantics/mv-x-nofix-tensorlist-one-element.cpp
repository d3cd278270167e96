// expect: no-fix — an at::TensorList (ArrayRef) made implicitly from the one tensor is read after the push_back
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

int main() {
  at::Tensor t = at::arange(3);
  at::TensorList view = t;
  std::vector<at::Tensor> out;
  out.push_back(t);
  std::cout << view.size() << " " << view[0].defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
