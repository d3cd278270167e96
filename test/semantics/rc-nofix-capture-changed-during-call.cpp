// expect: no-fix — another closure in the same call captures the variable by reference and changes it while the predicate runs
#include <ATen/ATen.h>
#include <algorithm>
#include <iostream>
#include <vector>

int main() {
  std::vector<at::Tensor> ts = {at::full({}, 1), at::full({}, 2), at::full({}, 3)};
  at::Tensor elem = at::full({}, 1);
  auto bump = [&elem] { elem = elem + 1; };
  auto n = std::count_if(ts.begin(), ts.end(), [elem, &bump](const at::Tensor &b) {
    bool same = elem.equal(b);
    bump();
    return same;
  });
  std::cout << n << " " << elem.item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
