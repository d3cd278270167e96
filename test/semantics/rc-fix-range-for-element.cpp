// expect: fix — a tensor copied out of each element of a local vector the loop only reads
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  std::vector<IValue> outputs;
  outputs.emplace_back(c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(1))));
  outputs.emplace_back(c10::ivalue::Tuple::create(IValue(at::arange(5)), IValue(int64_t(2))));
  for (const IValue& out : outputs) {
    at::Tensor logits = out.toTupleRef().elements()[0].toTensor();
    std::cout << logits.sum().item<int64_t>() << " " << logits.numel() << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
