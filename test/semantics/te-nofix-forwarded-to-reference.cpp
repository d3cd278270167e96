// expect: no-fix — an element of the copied elements is forwarded by make_intrusive to a constructor that takes it by non-const reference and resets it: the copy is needed
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>

using c10::IValue;

struct TakesOver : c10::intrusive_ptr_target {
  at::Tensor kept;
  explicit TakesOver(at::Tensor &t) : kept(t) { t = at::Tensor(); }
};

static bool restore(IValue state) {
  auto elems = state.toTupleRef().elements();
  auto p = c10::make_intrusive<TakesOver>(elems[0].toTensor());
  return elems[0].toTensor().defined() || !p->kept.defined();
}

int main() {
  IValue state = c10::ivalue::Tuple::create(at::ones({2}), int64_t{1});
  std::cout << restore(state) << " " << state.toTupleRef().elements()[0].toTensor().defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
