// expect: fix — a vector of IValues handed to a call inside a try block whose handler never names it, the call throwing after it took the vector
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <stdexcept>
#include <vector>

using c10::IValue;

static IValue forward(std::vector<IValue> inputs) {
  if (inputs.size() > 1)
    throw std::runtime_error("too many inputs: " + std::to_string(inputs.size()));
  return IValue(inputs[0].toTensor().sum());
}

static IValue run(const std::vector<at::Tensor>& tensors) {
  std::vector<IValue> inputs;
  for (const at::Tensor& t : tensors)
    inputs.emplace_back(t);
  try {
    return forward(inputs);
  } catch (const std::exception& e) {
    std::cout << "error: " << e.what() << "\n";
  }
  return IValue();
}

int main() {
  at::Tensor a = at::arange(5);
  std::cout << run({a}).toTensor().item<int64_t>() << "\n";
  std::cout << run({a, a}).isNone() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
