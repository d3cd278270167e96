// expect: no-fix — the const reference parameter is a global whose vector a called function clears while the copy is read
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

struct Registry {
  std::vector<at::Tensor> entries;
};

static Registry g_registry;

static void reset() { g_registry.entries.clear(); }

static void report(const Registry& r) {
  std::vector<at::Tensor> entries = r.entries;
  reset();
  int64_t s = 0;
  for (const at::Tensor& t : entries) {
    s += t.numel();
  }
  std::cout << s << " " << r.entries.size() << "\n";
}

int main() {
  g_registry.entries = {at::arange(4), at::arange(5)};
  report(g_registry);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
