// expect: no-fix — decltype of the local names an owning pointer; the declaration after it needs that type
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue v(c10::ivalue::Tuple::create(IValue(int64_t(5)), IValue(int64_t(6))));
  auto t = v.toTuple();
  decltype(t) spare;
  spare = c10::ivalue::Tuple::create(IValue(int64_t(1)));
  std::cout << t->elements().size() << " " << spare->elements().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
