// expect: no-fix — a reference to the non-const variable would pick the overload that takes a non-const reference
#include <ATen/ATen.h>
#include <algorithm>
#include <iostream>
#include <vector>

static int calls = 0;
static bool matches(at::Tensor &a, const at::Tensor &b) {
  a = b;  // the non-const overload changes its first argument
  ++calls;
  return true;
}
static bool matches(const at::Tensor &a, const at::Tensor &b) { return a.equal(b); }

int main() {
  std::vector<at::Tensor> ts = {at::full({}, 1), at::full({}, 2), at::full({}, 3)};
  at::Tensor elem = at::full({}, 2);
  auto n = std::count_if(ts.begin(), ts.end(), [elem](const at::Tensor &b) { return matches(elem, b); });
  std::cout << n << " " << calls << " " << elem.item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
