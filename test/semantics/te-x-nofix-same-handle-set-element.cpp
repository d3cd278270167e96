// expect: no-fix — the tuple the elements were copied from is changed through the same handle (unsafeSetElement) while the copy lives
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  auto t = c10::ivalue::Tuple::create(IValue(int64_t(1)), IValue(std::string("a")));
  std::vector<IValue> e = t->elements();
  t->unsafeSetElement(0, IValue(int64_t(50)));
  std::cout << e[0].toInt() << " " << e.size() << " " << t->elements()[0].toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
