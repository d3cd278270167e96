// expect: no-fix — a generic lambda with an auto& parameter observes whether the copy is const
#include <ATen/ATen.h>
#include <iostream>
#include <type_traits>

struct Holder {
  at::Tensor weight;
};

static void report(const Holder& h) {
  at::Tensor w = h.weight;
  auto isConst = [](auto& x) { return std::is_const<std::remove_reference_t<decltype(x)>>::value; };
  std::cout << isConst(w) << " " << w.numel() << "\n";
}

int main() {
  Holder h{at::arange(3)};
  report(h);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
