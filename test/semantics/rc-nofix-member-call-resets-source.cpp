// expect: no-fix — the source is a reference parameter bound to a member that a member function called while the copy lives replaces
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

struct Holder {
  IValue held_;
  int64_t resets_ = 0;

  void forget() {
    held_ = IValue();
    ++resets_;
  }
  int64_t run(const IValue& out) {
    at::Tensor probs = out.toTupleRef().elements()[0].toTensor();
    forget();
    return probs.sum().item<int64_t>() + resets_;
  }
};

int main() {
  Holder h;
  h.held_ = IValue(c10::ivalue::Tuple::create(IValue(at::arange(6)), IValue(int64_t(3))));
  std::cout << h.run(h.held_) << " " << h.held_.isNone() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
