// expect: fix — a tensor whose device and dtype were read into locals before its last use: values, not references into it
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static void keepSum(const at::Tensor& in, std::vector<at::Tensor>& out) {
  at::Tensor total = in.sum(0);
  auto device = total.device();
  auto dtype = total.scalar_type();
  out.push_back(total);
  std::cout << device << " " << dtype << "\n";
}

int main() {
  std::vector<at::Tensor> out;
  keepSum(at::arange(6).reshape({2, 3}), out);
  keepSum(at::ones({3, 2}), out);
  for (const at::Tensor& t : out)
    std::cout << t.sum().item<double>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
