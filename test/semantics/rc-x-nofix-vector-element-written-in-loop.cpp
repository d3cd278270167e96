// expect: no-fix — the loop body replaces an element of the source vector through a pointer the function was given, while the copy is iterated
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

struct Batch {
  std::vector<at::Tensor> tensors;
};

static int64_t rotate(const Batch& in, std::vector<at::Tensor>* sink) {
  std::vector<at::Tensor> ts = in.tensors;
  int64_t s = 0;
  for (std::size_t i = 0; i < ts.size(); ++i) {
    (*sink)[ts.size() - 1 - i] = at::arange(static_cast<int64_t>(i) + 7);
    s = s * 100 + ts[i].numel();
  }
  return s;
}

int main() {
  Batch b{{at::arange(1), at::arange(2), at::arange(3)}};
  std::cout << rotate(b, &b.tensors) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
