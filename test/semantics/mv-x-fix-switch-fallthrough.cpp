// expect: fix — in a switch the push_back of case 1 is the tensor's last use; case 0 falls through to it, so only the second push_back may move
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static void collect(int k, std::vector<at::Tensor>& out) {
  at::Tensor t = at::arange(k + 2);
  switch (k) {
    case 0:
      out.push_back(t);
      [[fallthrough]];
    case 1:
      out.push_back(t);
      break;
    default:
      std::cout << "other " << t.numel() << "\n";
  }
}

int main() {
  std::vector<at::Tensor> out;
  collect(0, out);
  collect(1, out);
  collect(2, out);
  for (const at::Tensor& t : out) std::cout << t.defined() << " " << t.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
