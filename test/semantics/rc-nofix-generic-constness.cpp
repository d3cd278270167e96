// expect: no-fix — generic code deduces the copy's const-ness and prints it
#include <ATen/ATen.h>
#include <iostream>
#include <type_traits>

struct Holder {
  at::Tensor weight;
};

template <typename T>
static const char* kind(T&) {
  return std::is_const<T>::value ? "const" : "mutable";
}

static void show(const Holder& h) {
  at::Tensor w = h.weight;
  std::cout << kind(w) << " " << w.numel() << "\n";
}

int main() {
  Holder h{at::arange(5)};
  show(h);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
