// expect: no-fix — inside a range-for over a copy of the elements, another handle to the tuple overwrites them
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue v(c10::ivalue::Tuple::create(IValue(int64_t(1)), IValue(int64_t(2)), IValue(int64_t(3))));
  IValue alias = v;
  for (const auto& x : v.toTupleRef().elements().vec()) {
    alias.toTupleRef().unsafeSetElement(2, IValue(int64_t(300)));
    std::cout << x.toInt() << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
