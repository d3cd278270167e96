// expect: no-fix — the elements are reached through a temporary handle of a tuple that a global also holds, or through a reference to a container something else owns
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static IValue& cache() {
  static IValue held(c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(5))));
  return held;
}

static IValue snapshot() { return cache(); }

static std::vector<at::Tensor>& pool() {
  static std::vector<at::Tensor> tensors{at::ones({2}), at::zeros({3})};
  return tensors;
}

static at::Tensor firstOfSnapshot() { return snapshot().toTupleRef().elements()[0].toTensor(); }

static at::Tensor firstOfPool() { return pool()[0]; }

int main() {
  at::Tensor a = firstOfSnapshot();
  at::Tensor b = firstOfPool();
  std::cout << a.sum().item<int64_t>() << " " << b.sum().item<double>() << " "
            << cache().toTupleRef().elements()[0].toTensor().defined() << " "
            << pool()[0].defined() << " " << pool().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
