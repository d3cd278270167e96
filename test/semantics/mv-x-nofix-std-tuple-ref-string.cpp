// expect: no-fix — a std::tuple<const at::Tensor&, std::string> keeps a reference to the tensor and is read after the push_back
#include <ATen/ATen.h>
#include <iostream>
#include <string>
#include <tuple>
#include <vector>

int main() {
  at::Tensor t = at::arange(4);
  std::tuple<const at::Tensor&, std::string> kept(t, "label");
  std::vector<at::Tensor> out;
  out.push_back(t);
  std::cout << std::get<1>(kept) << " " << std::get<0>(kept).defined() << "\n";
  std::cout << out.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
