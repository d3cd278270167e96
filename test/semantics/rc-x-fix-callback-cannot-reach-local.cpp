// expect: fix — a callback the caller made is handed a const element while the copy lives; it cannot reach the function's own by-value map
#include <ATen/ATen.h>
#include <functional>
#include <iostream>
#include <map>
#include <vector>

static int64_t total(std::map<int, std::vector<at::Tensor>> byId,
                     const std::function<void(const at::Tensor&)>& visit) {
  int64_t s = 0;
  for (auto& entry : byId) {
    std::vector<at::Tensor> ts = entry.second;
    for (const at::Tensor& t : ts) {
      std::invoke(visit, t);
    }
    s = s * 10 + static_cast<int64_t>(ts.size());
  }
  return s;
}

int main() {
  std::map<int, std::vector<at::Tensor>> byId;
  byId[1] = {at::arange(3), at::arange(4)};
  byId[2] = {at::arange(5)};
  int64_t seen = 0;
  std::function<void(const at::Tensor&)> visit = [&](const at::Tensor& t) {
    seen = seen * 100 + t.numel();
    byId.clear();
  };
  std::cout << total(byId, visit) << " " << seen << " " << byId.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
