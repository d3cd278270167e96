// expect: fix — the tuple's owner is given a new value by a statement of its own in each iteration, before the copy of its elements is declared and read
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <iostream>

using c10::IValue;

static int64_t produced = 0;

static IValue produce() {
  produced += 1;
  return c10::ivalue::Tuple::create(IValue(produced), IValue(produced * 10), IValue("tag"));
}

static int64_t sumInts(int rounds) {
  IValue out;
  int64_t n = 0;
  for (int i = 0; i < rounds; ++i) {
    out = produce();
    auto results = out.toTupleRef().elements();
    for (const IValue &x : results)
      n += x.isInt() ? x.toInt() : 1000;
  }
  return n;
}

int main() {
  std::cout << sumInts(3) << " " << produced << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
