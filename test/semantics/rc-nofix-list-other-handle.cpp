// expect: no-fix — another handle of the same c10::List replaces and appends elements while the copy is read
#include <ATen/ATen.h>
#include <ATen/core/List.h>
#include <iostream>

int64_t readThenReplace(const c10::List<at::Tensor>& list, c10::List<at::Tensor> other) {
  at::Tensor t = list[0];
  other.set(0, at::arange(100));
  for (int i = 0; i < 16; ++i) {
    other.push_back(at::arange(1));
  }
  return t.sum().item<int64_t>();
}

int main() {
  c10::List<at::Tensor> list;
  list.push_back(at::arange(3));
  std::cout << readThenReplace(list, list) << " " << list.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
