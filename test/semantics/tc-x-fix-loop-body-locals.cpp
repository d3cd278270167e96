// expect: fix — create({a, b}) of two loop-body locals at their last use: braces go and both are moved
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;

int main() {
  std::vector<c10::intrusive_ptr<c10::ivalue::Tuple>> rows;
  for (int64_t i = 1; i <= 3; ++i) {
    IValue a(at::arange(i));
    IValue b(std::string("row") + std::to_string(i));
    std::cout << b.toStringRef() << "\n";
    rows.push_back(c10::ivalue::Tuple::create({a, b}));
  }
  for (const auto& r : rows)
    std::cout << r->elements()[0].toTensor().numel() << " " << r->elements()[1].toStringRef() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
