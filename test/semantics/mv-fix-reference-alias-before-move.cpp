// expect: fix — the reference to the tensor is last read before the tensor is pushed: nothing reads it moved-from
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

void collect(std::vector<at::Tensor>& out, int64_t n) {
  at::Tensor t = at::arange(n);
  const at::Tensor& r = t;
  std::cout << "numel " << r.numel() << " defined " << r.defined() << "\n";
  out.push_back(t);
}

int main() {
  std::vector<at::Tensor> out;
  collect(out, 5);
  collect(out, 2);
  for (const at::Tensor& t : out)
    std::cout << t.sum().item<int64_t>() << " " << t.use_count() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
