// expect: fix — a tuple element's tensor copied and only read while a non-const member function that changes only a counter runs
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

struct Scorer {
  at::Tensor cache_ = at::zeros({1});
  int64_t calls_ = 0;

  int64_t score(const at::Tensor& t) {
    ++calls_;
    return t.sum().item<int64_t>() + calls_;
  }
  int64_t run(IValue out) {
    at::Tensor probs = out.toTupleRef().elements()[0].toTensor();
    int64_t total = score(probs);
    total += score(probs);
    return total + probs.dim();
  }
};

int main() {
  Scorer s;
  IValue out(c10::ivalue::Tuple::create(IValue(at::arange(5)), IValue(std::string("label"))));
  std::cout << s.run(out) << " " << s.calls_ << " " << out.toTupleRef().elements().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
