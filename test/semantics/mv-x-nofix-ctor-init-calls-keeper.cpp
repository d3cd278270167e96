// expect: no-fix — a constructor's member initialiser passes the tensor to a function that stores its address; the pointer is read after the push_back
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static const at::Tensor* g_kept = nullptr;

static int64_t keep(const at::Tensor& t) {
  g_kept = &t;
  return t.dim();
}

struct Probe {
  explicit Probe(const at::Tensor& t) : rank(keep(t)) {}
  int64_t rank;
};

int main() {
  at::Tensor t = at::arange(4);
  Probe p(t);
  std::vector<at::Tensor> out;
  out.push_back(t);
  std::cout << p.rank << " " << g_kept->defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
