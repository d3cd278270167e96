// expect: no-fix — the copy is inside a try block whose handler reads the tensor after the callee threw
#include <ATen/ATen.h>
#include <iostream>
#include <stdexcept>
#include <vector>

static void store(std::vector<at::Tensor>& out, at::Tensor t) {
  if (t.numel() > 2) throw std::runtime_error("too big");
  out.push_back(std::move(t));
}

int main() {
  std::vector<at::Tensor> out;
  at::Tensor t = at::arange(5);
  try {
    store(out, t);
  } catch (const std::exception& e) {
    std::cout << e.what() << " " << t.defined() << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
