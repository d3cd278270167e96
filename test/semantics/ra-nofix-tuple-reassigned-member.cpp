// expect: no-fix — the receiver is a member a called function reassigns while the tuple is used
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

struct State {
  IValue out;
  void reset() { out = IValue(int64_t(0)); }
};

int main() {
  State s;
  s.out = IValue(c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(2))));
  auto t = s.out.toTuple();
  s.reset();
  std::cout << t->elements()[0].toTensor().sum().item<int64_t>() << " " << t->elements()[1].toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
