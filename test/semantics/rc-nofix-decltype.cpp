// expect: no-fix — decltype of the copy names its type; as a reference the declaration below means something else
#include <ATen/ATen.h>
#include <iostream>

struct Holder {
  at::Tensor weight;
};

static int64_t probe(const Holder& h) {
  at::Tensor w = h.weight;
  decltype(w) scratch;
  scratch = at::arange(3);
  return w.sum().item<int64_t>() * 100 + scratch.sum().item<int64_t>();
}

int main() {
  Holder h{at::arange(4)};
  std::cout << probe(h) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
