// expect: no-fix — std::for_each returns the closure, which is called after the variable changed
#include <ATen/ATen.h>
#include <algorithm>
#include <iostream>
#include <vector>

int main() {
  std::vector<at::Tensor> ts = {at::full({}, 1), at::full({}, 2)};
  at::Tensor ref = at::full({}, 2);
  int hits = 0;
  auto f = std::for_each(ts.begin(), ts.end(), [ref, &hits](const at::Tensor &t) {
    hits += ref.equal(t) ? 1 : 0;
  });
  ref = at::full({}, 1);
  f(at::full({}, 2));
  std::cout << hits << " " << ref.item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
