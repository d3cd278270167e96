// expect: no-fix — the output parameter is the input IValue (f(v, v)) and is reassigned inside the loop that reads the tuple again
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

static void relabel(const IValue& in, IValue& out) {
  auto t = in.toTuple();
  for (int round = 0; round < 2; ++round) {
    std::cout << t->elements()[0].toStringRef() << "\n";
    out = IValue(c10::ivalue::Tuple::create(
        IValue(std::string("a replacement label that is long enough for the heap"))));
  }
}

int main() {
  IValue v(c10::ivalue::Tuple::create(
      IValue(std::string("the original label, long enough to live on the heap"))));
  relabel(v, v);
  std::cout << v.toTupleRef().elements()[0].toStringRef() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
