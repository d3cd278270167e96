// expect: fix — a tensor read through an accessor chain of a local IValue that is only read afterwards
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue out(c10::ivalue::Tuple::create(IValue(at::arange(6).reshape({2, 3})), IValue(int64_t(7))));
  at::Tensor logits = out.toTupleRef().elements()[0].toTensor();
  std::cout << logits.dim() << " " << logits.size(1) << " " << logits.sum().item<int64_t>() << "\n";
  std::cout << out.toTupleRef().elements()[1].toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
