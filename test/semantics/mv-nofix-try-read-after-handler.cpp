// expect: no-fix — only a handled exception reaches the code after the try statement, which reads the vector the call was given
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <stdexcept>
#include <vector>

using c10::IValue;

static IValue forward(std::vector<IValue> inputs) {
  if (inputs.size() > 1)
    throw std::runtime_error("too many inputs");
  return IValue(inputs[0].toTensor().sum());
}

static IValue run(const std::vector<at::Tensor>& tensors) {
  std::vector<IValue> inputs;
  for (const at::Tensor& t : tensors)
    inputs.emplace_back(t);
  try {
    return forward(inputs);
  } catch (const std::exception&) {
  }
  std::cout << "retrying with " << inputs.size() << " inputs\n";
  inputs.resize(1);
  IValue retried = forward(inputs);
  std::cout << "kept " << inputs[0].toTensor().size(0) << "\n";
  return retried;
}

int main() {
  at::Tensor a = at::arange(5);
  std::cout << run({a}).toTensor().item<int64_t>() << "\n";
  std::cout << run({a, a * 2}).toTensor().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
