// expect: no-fix — the loop's counter is set back in the body, so an element is read twice: moved the first time, the second copy would be undefined
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static std::vector<at::Tensor> split() { return {at::full({2}, 1), at::full({2}, 2), at::full({2}, 3)}; }

int main() {
  std::vector<at::Tensor> rows = split();
  std::vector<at::Tensor> out;
  bool again = true;
  for (int b = 0; b < 3; ++b) {
    out.push_back(rows[b]);
    if (b == 1 && again) {
      again = false;
      b = -1;
    }
  }
  for (const auto& t : out) std::cout << t.defined() << " ";
  std::cout << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
