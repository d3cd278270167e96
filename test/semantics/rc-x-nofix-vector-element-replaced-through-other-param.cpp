// expect: no-fix — two reference parameters name the same object; an element of the copied vector's source is replaced through the other one
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

struct Batch {
  std::vector<at::Tensor> tensors;
};

static int64_t replaceFirst(const Batch& in, Batch& out) {
  std::vector<at::Tensor> ts = in.tensors;
  out.tensors[0] = at::arange(10);
  return ts[0].numel();
}

int main() {
  Batch b{{at::arange(2), at::arange(3)}};
  std::cout << replaceFirst(b, b) << " " << b.tensors[0].numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
