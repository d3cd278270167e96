// expect: no-fix — an aggregate with a std::string and a reference member keeps a reference to the tensor, read after the push_back
#include <ATen/ATen.h>
#include <iostream>
#include <string>
#include <vector>

struct Watch {
  std::string name;
  const at::Tensor& tensor;
};

int main() {
  at::Tensor t = at::arange(4);
  Watch w{"t", t};
  std::vector<at::Tensor> out;
  out.push_back(t);
  std::cout << w.name << " " << w.tensor.defined() << "\n";
  std::cout << out[0].sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
