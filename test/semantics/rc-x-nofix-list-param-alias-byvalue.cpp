// expect: no-fix — a by-value c10::List parameter shares the list of the const reference parameter and set() replaces the copied element
#include <ATen/ATen.h>
#include <ATen/core/List.h>
#include <iostream>

static void update(const c10::List<at::Tensor>& a, c10::List<at::Tensor> b) {
  at::Tensor e = a[0];
  b.set(0, at::arange(9));
  std::cout << e.numel() << " " << a.get(0).numel() << "\n";
}

int main() {
  c10::List<at::Tensor> l({at::arange(2), at::arange(3)});
  update(l, l);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
