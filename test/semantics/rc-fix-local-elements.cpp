// expect: fix — element tensors copied out of a local copy of a tuple's elements that nothing changes
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static void report(const IValue& output) {
  auto outs = output.toTupleRef().elements();
  auto scores = outs[0].toTensor();
  auto boxes = outs[1].toTensor();
  std::cout << scores.sum().item<int64_t>() << " " << boxes.size(0) << "\n";
}

int main() {
  IValue out(c10::ivalue::Tuple::create(IValue(at::arange(4)), IValue(at::ones({3, 2}))));
  report(out);
  std::cout << out.toTupleRef().elements()[1].toTensor().sum().item<double>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
