// expect: no-fix — the tuple parameter and the output parameter are the same handle (f(p, p)); the output is reassigned
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

static void swap_in(const TuplePtr& in, TuplePtr& out) {
  std::vector<IValue> e = in->elements();
  out = c10::ivalue::Tuple::create(IValue(int64_t(0)));
  std::cout << e.size() << " " << e[0].toStringRef() << "\n";
}

int main() {
  TuplePtr p = c10::ivalue::Tuple::create(IValue(std::string("a string long enough for the heap")), IValue(int64_t(5)));
  swap_in(p, p);
  std::cout << p->elements().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
