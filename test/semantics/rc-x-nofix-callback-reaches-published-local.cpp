// expect: no-fix — the function publishes its map's address, and the caller's callback clears the map through it while the copy is read
#include <ATen/ATen.h>
#include <functional>
#include <iostream>
#include <map>
#include <vector>

static std::map<int, std::vector<at::Tensor>>* g_current = nullptr;

static int64_t total(std::map<int, std::vector<at::Tensor>> byId,
                     const std::function<void(const at::Tensor&)>& visit) {
  g_current = &byId;
  int64_t s = 0;
  for (auto& entry : byId) {
    std::vector<at::Tensor> ts = entry.second;
    for (const at::Tensor& t : ts) {
      std::invoke(visit, t);
    }
    s = s * 10 + static_cast<int64_t>(ts.size());
    break;
  }
  g_current = nullptr;
  return s;
}

int main() {
  std::map<int, std::vector<at::Tensor>> byId;
  byId[1] = {at::arange(3), at::arange(4)};
  int64_t seen = 0;
  std::function<void(const at::Tensor&)> visit = [&](const at::Tensor& t) {
    seen = seen * 100 + t.numel();
    if (g_current != nullptr) {
      g_current->clear();
    }
  };
  std::cout << total(byId, visit) << " " << seen << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
