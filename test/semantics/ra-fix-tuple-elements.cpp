// expect: fix — toTuple() on a local IValue used at once for elements(): toTupleRef() reads the same tuple
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

int main() {
  IValue v(c10::ivalue::Tuple::create(IValue(int64_t(4)), IValue(std::string("x")), IValue(at::arange(2))));
  std::cout << v.toTuple()->elements().size() << "\n";
  std::cout << v.toTuple()->elements()[0].toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
