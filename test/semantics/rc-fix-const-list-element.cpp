// expect: fix — a tensor copied out of a const c10::List (operator[] returns a reference into it) while no handle of the list is written
#include <ATen/ATen.h>
#include <ATen/core/List.h>
#include <iostream>

int64_t secondSum(const c10::List<at::Tensor>& list) {
  at::Tensor t = list[1];
  return t.sum().item<int64_t>() + static_cast<int64_t>(list.size());
}

int main() {
  c10::List<at::Tensor> list;
  list.push_back(at::arange(3));
  list.push_back(at::arange(5));
  std::cout << secondSum(list) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
