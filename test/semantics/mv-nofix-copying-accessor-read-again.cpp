// expect: no-fix — the IValue is read again after its list is copied out, or the tuple is only borrowed
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static void keep(c10::List<double>& into, IValue scales) {
  into = scales.toDoubleList();
  std::cout << scales.isDoubleList() << " " << scales.toDoubleList().size() << " ";
}

static int64_t firstOf(const c10::intrusive_ptr<c10::ivalue::Tuple>& t) { return t->elements()[0].toInt(); }

int main() {
  c10::List<double> into;
  keep(into, IValue(std::vector<double>{1.0, 2.0, 3.0}));
  IValue tuple = c10::ivalue::Tuple::create(IValue(4), IValue(5));
  std::cout << into.size() << " " << firstOf(tuple.toTuple()) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
