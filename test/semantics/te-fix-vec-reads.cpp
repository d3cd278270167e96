// expect: fix — elements().vec()[i], .vec().size() and a range-for over .vec() of a by-value tuple parameter
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static void dump(c10::intrusive_ptr<c10::ivalue::Tuple> t) {
  std::cout << t->elements().vec().size() << "\n";
  std::cout << t->elements().vec()[0].toInt() << "\n";
  for (const auto& x : t->elements().vec()) {
    std::cout << x.tagKind() << "\n";
  }
}

int main() {
  dump(c10::ivalue::Tuple::create(IValue(int64_t(3)), IValue(1.5)));
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
