// expect: fix — a local tensor at its last use passed to std::make_tuple and to an IValue
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <tuple>

using c10::IValue;

static std::tuple<at::Tensor, int64_t> split(int64_t n) {
  at::Tensor out = at::arange(n);
  int64_t d = out.dim();
  return std::make_tuple(out, d);
}

static IValue box(int64_t n) {
  at::Tensor t = at::ones({n}, at::kLong);
  IValue v = t;
  return v;
}

int main() {
  auto r = split(5);
  std::cout << std::get<0>(r).sum().item<int64_t>() << " " << std::get<1>(r) << "\n";
  std::cout << box(3).toTensor().sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
