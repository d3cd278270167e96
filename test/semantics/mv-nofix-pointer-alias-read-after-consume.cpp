// expect: no-fix — a pointer into the tensor's data is read after the copy; moved, the callee would free the data first
#include <ATen/ATen.h>
#include <iostream>

float total = 0;

__attribute__((noinline)) void consume(at::Tensor t) { total += t.sum().item<float>(); }

int main() {
  at::Tensor t = at::full({4}, 2.0f);
  float* p = t.data_ptr<float>();
  consume(t);
  std::cout << total << " " << p[3] << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
