// expect: no-fix — a vector assigned itself, directly, through a conditional or through a call that returns its argument
#include <ATen/ATen.h>
#include <iostream>
#include <utility>
#include <vector>

static const std::vector<at::Tensor>& pick(const std::vector<at::Tensor>& v) { return v; }
static std::vector<at::Tensor>&& pick(std::vector<at::Tensor>&& v) { return std::move(v); }

static std::vector<at::Tensor> itself(std::vector<at::Tensor> v) {
  v = v;
  return v;
}

static std::vector<at::Tensor> throughCall(std::vector<at::Tensor> v) {
  v = pick(v);
  return v;
}

static std::vector<at::Tensor> oneOfTwo(std::vector<at::Tensor> v, const std::vector<at::Tensor>& w,
                                        bool first) {
  v = first ? v : w;
  return v;
}

int main() {
  std::vector<at::Tensor> three{at::ones({2}), at::ones({3}), at::ones({4})};
  std::cout << itself(three).size() << " " << throughCall(three).size() << " "
            << oneOfTwo(three, {}, true).size() << " " << oneOfTwo(three, {}, false).size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
