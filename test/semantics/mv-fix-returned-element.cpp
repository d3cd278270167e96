// expect: fix — an element returned at its last read, and a tensor returned out of a local IValue: moved out, the same tensors come back and the containers' leftovers are never read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <utility>
#include <vector>

static std::vector<at::Tensor> split(const at::Tensor &x) {
  return {x + 1, x * 2, x - 3};
}

static at::Tensor first(const at::Tensor &x) {
  auto parts = split(x);
  return parts[0];
}

static long seen = 0;
static void consume(at::Tensor t) { seen += t.sum().item<long>(); }

static at::Tensor secondAfterFirst(const at::Tensor &x) {
  auto parts = split(x);
  consume(parts[0]);
  return parts[1];
}

static c10::IValue boxedLast(const at::Tensor &x) {
  auto parts = split(x);
  return parts.at(2);
}

static at::Tensor unboxed(const at::Tensor &x) {
  c10::IValue held(x * 10);
  return held.toTensor();
}

int main() {
  at::Tensor x = at::arange(4, at::kLong);
  at::Tensor a = first(x);
  at::Tensor b = secondAfterFirst(x);
  c10::IValue c = boxedLast(x);
  at::Tensor d = unboxed(x);
  std::cout << a.sum().item<long>() << " " << b.sum().item<long>() << " "
            << c.toTensor().sum().item<long>() << " " << d.sum().item<long>() << " " << seen
            << " " << a.use_count() << b.use_count() << c.toTensor().use_count() << d.use_count()
            << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
