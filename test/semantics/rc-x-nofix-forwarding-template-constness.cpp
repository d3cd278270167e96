// expect: no-fix — a forwarding function template deduces its parameter from the copy and prints whether it is const
#include <ATen/ATen.h>
#include <iostream>
#include <type_traits>

struct Holder {
  at::Tensor weight;
};

template <class T>
static void describe(T&& x) {
  std::cout << std::is_const<std::remove_reference_t<T>>::value << " " << x.numel() << "\n";
}

static void report(const Holder& h) {
  at::Tensor w = h.weight;
  describe(w);
}

int main() {
  Holder h{at::arange(4)};
  report(h);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
