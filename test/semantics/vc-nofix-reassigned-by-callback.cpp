// expect: no-fix — a callback reassigns the IValue a reference parameter names while the copy is read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <functional>
#include <iostream>
#include <vector>

using c10::IValue;

static void print_dims(const IValue& shape, const std::function<void()>& hook) {
  const std::vector<int64_t> dims = shape.toIntVector();
  hook();
  std::cout << dims.size() << " " << dims[0] << "\n";
}

int main() {
  IValue shape(std::vector<int64_t>{6, 7, 8});
  print_dims(shape, [&shape] { shape = IValue(std::vector<int64_t>{1}); });
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
