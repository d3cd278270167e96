// expect: no-fix — a by-value IValue parameter holds the same tuple, and a visible callee sets an element through it while the copy of the elements lives
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void mutate(IValue& v) { v.toTupleRef().unsafeSetElement(0, IValue(int64_t(77))); }

static void show(c10::intrusive_ptr<c10::ivalue::Tuple> t, IValue holder) {
  std::vector<IValue> e = t->elements();
  mutate(holder);
  std::cout << e[0].toInt() << " " << e.size() << "\n";
}

int main() {
  auto t = c10::ivalue::Tuple::create(IValue(int64_t(5)), IValue(int64_t(6)));
  show(t, IValue(t));
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
