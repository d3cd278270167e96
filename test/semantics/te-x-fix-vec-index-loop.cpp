// expect: fix — t->elements().vec()[i] and .vec().size() in a loop over a by-value tuple parameter
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static int64_t sumInts(c10::intrusive_ptr<c10::ivalue::Tuple> t) {
  int64_t s = 0;
  for (size_t i = 0; i < t->elements().vec().size(); ++i) {
    if (t->elements().vec()[i].isInt()) s += t->elements().vec()[i].toInt();
  }
  return s;
}

int main() {
  std::cout << sumInts(c10::ivalue::Tuple::create(IValue(int64_t(3)), IValue(std::string("x")), IValue(int64_t(4))))
            << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
