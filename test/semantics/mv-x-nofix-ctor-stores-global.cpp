// expect: no-fix — a constructor of a class without reference members stores the tensor's address in a global read after the push_back
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static const at::Tensor* g_last = nullptr;

struct Announce {
  explicit Announce(const at::Tensor& t) : rank(t.dim()) { g_last = &t; }
  int64_t rank;
};

int main() {
  at::Tensor t = at::arange(5);
  Announce a(t);
  std::vector<at::Tensor> out;
  out.push_back(t);
  std::cout << a.rank << " " << g_last->defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
