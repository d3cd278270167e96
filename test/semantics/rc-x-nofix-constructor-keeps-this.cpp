// expect: no-fix — a local's constructor registers the object, and a function given nothing clears its vector through the registration while the copy is read
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

struct Registered;
static Registered* g_last = nullptr;

struct Registered {
  std::vector<at::Tensor> tensors;
  explicit Registered(const std::vector<at::Tensor>& v) : tensors(v) { g_last = this; }
  ~Registered() {
    if (g_last == this) {
      g_last = nullptr;
    }
  }
};

static void resetLast() {
  if (g_last != nullptr) {
    g_last->tensors.clear();
  }
}

static int64_t count(const std::vector<at::Tensor>& v) {
  Registered r(v);
  std::vector<at::Tensor> copy = r.tensors;
  resetLast();
  int64_t s = 0;
  for (const at::Tensor& t : copy) {
    s = s * 10 + t.numel();
  }
  return s;
}

int main() {
  std::vector<at::Tensor> v{at::arange(2), at::arange(3)};
  std::cout << count(v) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
