// expect: no-fix — another handle to the same tuple overwrites an element while the copied elements are read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  auto t = c10::ivalue::Tuple::create(IValue(std::string("first element, kept on the heap")), IValue(int64_t(1)));
  auto other = t;
  std::vector<IValue> e = t->elements();
  other->unsafeSetElement(0, IValue(std::string("second")));
  std::cout << e[0].toStringRef() << " " << e.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
