// expect: no-fix — the element is read again on one branch after the copy: moved, that read would see an undefined tensor
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static IValue step(int64_t i) { return c10::ivalue::Tuple::create(at::full({2}, i), at::arange(i + 2)); }

int main(int argc, char**) {
  auto outs = step(3).toTuple()->elements();
  at::Tensor encoded;
  encoded = outs[0].toTensor();
  if (argc > 0)
    std::cout << outs[0].toTensor().defined() << " " << outs[0].toTensor().sum().item<int64_t>() << "\n";
  std::cout << encoded.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
