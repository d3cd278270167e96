// expect: fix — a lambda's by-value tensor parameter is read, then copied into the captured vector at its last use
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

int main() {
  std::vector<at::Tensor> out;
  int64_t total = 0;
  auto add = [&out, &total](at::Tensor t) {
    total += t.sum().item<int64_t>();
    out.push_back(t);
  };
  for (int64_t i = 1; i <= 3; ++i) add(at::arange(i));
  std::cout << total << " " << out.size() << " " << out[2].numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
