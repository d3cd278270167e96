// expect: fix — a local tensor at its last use pushed into a vector of IValues
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void collect(std::vector<IValue>& outputs, int64_t n) {
  at::Tensor out = at::arange(n) * 2;
  outputs.push_back(out);
}

int main() {
  std::vector<IValue> outputs;
  collect(outputs, 3);
  collect(outputs, 4);
  for (const IValue& v : outputs) {
    std::cout << v.toTensor().sum().item<int64_t>() << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
