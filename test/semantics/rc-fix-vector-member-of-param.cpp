// expect: fix — vectors of handles copied out of a const reference parameter and out of a map entry, then only read
#include <ATen/ATen.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct Batch {
  std::vector<at::Tensor> tensors;
  std::vector<int64_t> sizes;
};

static int64_t total(const Batch& batch) {
  std::vector<at::Tensor> ts = batch.tensors;
  int64_t s = 0;
  for (auto& t : ts) {
    s += t.sum().item<int64_t>();
  }
  return s * 10 + static_cast<int64_t>(ts.size());
}

static int64_t countInputs(std::map<std::string, std::vector<std::vector<c10::IValue>>> bundles) {
  int64_t n = 0;
  for (auto& entry : bundles) {
    std::vector<std::vector<c10::IValue>> inputs = entry.second;
    for (const std::vector<c10::IValue>& input : inputs) {
      for (const c10::IValue& v : input) {
        n += v.isTensor() ? v.toTensor().numel() : v.toInt();
      }
    }
  }
  return n;
}

int main() {
  Batch b{{at::arange(4), at::ones({3}, at::kLong)}, {4, 3}};
  std::cout << total(b) << "\n";
  std::map<std::string, std::vector<std::vector<c10::IValue>>> bundles;
  bundles["forward"] = {{c10::IValue(at::arange(5)), c10::IValue(int64_t{7})},
                        {c10::IValue(at::ones({2}))}};
  bundles["other"] = {{c10::IValue(int64_t{1})}};
  std::cout << countInputs(bundles) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
