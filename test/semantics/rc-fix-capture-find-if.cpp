// expect: fix — a predicate handed to std::find_if and std::count_if captures a tensor by copy and only reads it
#include <ATen/ATen.h>
#include <ATen/core/List.h>
#include <algorithm>
#include <iostream>
#include <vector>

static int64_t indexOf(const c10::List<at::Tensor> &list, at::Tensor elem) {
  auto pos = std::find_if(list.begin(), list.end(),
                          [elem](const at::Tensor &b) { return elem.equal(b); });
  return pos == list.end() ? -1 : pos - list.begin();
}

static int64_t countLarger(const std::vector<at::Tensor> &ts) {
  at::Tensor limit = at::full({}, 2);
  return std::count_if(ts.begin(), ts.end(),
                       [limit](const at::Tensor &t) { return t.gt(limit).item<bool>(); });
}

int main() {
  c10::List<at::Tensor> list;
  std::vector<at::Tensor> ts;
  for (int64_t i = 0; i < 5; ++i) {
    list.push_back(at::full({2}, i));
    ts.push_back(at::full({}, i));
  }
  at::Tensor probe = at::full({2}, 3);
  std::cout << indexOf(list, probe) << " " << indexOf(list, at::full({2}, 9)) << "\n";
  std::cout << countLarger(ts) << " " << probe.use_count() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
