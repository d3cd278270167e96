// expect: no-fix — the IValue is assigned before the owning accessor's result is declared, but a pointer to it taken earlier replaces its tuple while the result is read: a borrowed reference would dangle
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <iostream>

using c10::IValue;

static IValue produce(int64_t k) {
  return c10::ivalue::Tuple::create(IValue(k), IValue(k + 1));
}

static int64_t readThroughKeptPointer() {
  IValue out;
  IValue *kept = &out;
  out = produce(5);
  auto t = out.toTuple();
  *kept = produce(40);
  return t->elements()[0].toInt() + t->elements()[1].toInt();
}

int main() {
  std::cout << readThroughKeptPointer() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
