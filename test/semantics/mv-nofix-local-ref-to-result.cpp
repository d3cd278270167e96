// expect: no-fix — a reference into what the IValue holds (toTensor()) is read after the IValue's "last use"
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static size_t sink(IValue v) { return v.isTensor() ? 1 : 0; }

int main() {
  IValue v(at::arange(4));
  const at::Tensor& t = v.toTensor();
  size_t n = sink(v);
  std::cout << n << " " << t.defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
