// expect: no-fix — a c10::List handle sharing the IValue's list replaces the element while the copy is read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

struct Batch {
  IValue tensors;
};

int main() {
  c10::List<at::Tensor> list;
  list.push_back(at::arange(3));
  list.push_back(at::arange(4));
  Batch batch{IValue(list)};
  at::Tensor first = batch.tensors.toListRef()[0].toTensor();
  list.set(0, at::arange(100));
  std::cout << first.sum().item<int64_t>() << "\n";
  std::cout << batch.tensors.toListRef()[0].toTensor().sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
