// expect: no-fix — the inner tuple is also reached through the outer tuple, and unsafeSetElement through that path changes it while the copy of its elements lives
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  auto inner = c10::ivalue::Tuple::create(IValue(int64_t(1)), IValue(int64_t(2)));
  auto outer = c10::ivalue::Tuple::create(IValue(inner), IValue(int64_t(9)));
  std::vector<IValue> e = inner->elements();
  outer->elements()[0].toTupleRef().unsafeSetElement(0, IValue(int64_t(42)));
  std::cout << e[0].toInt() << " " << e.size() << " " << inner->elements()[0].toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
