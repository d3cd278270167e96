// expect: no-fix — a by-value IValue parameter holds the same tuple and replaces the element that was copied while the copy lives
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static void update(const c10::intrusive_ptr<c10::ivalue::Tuple>& t, IValue other) {
  IValue first = t->elements()[0];
  other.toTupleRef().unsafeSetElement(0, IValue(int64_t(99)));
  std::cout << first.tagKind() << " " << t->elements()[0].toInt() << "\n";
}

int main() {
  auto t = c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(1)));
  update(t, IValue(t));
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
