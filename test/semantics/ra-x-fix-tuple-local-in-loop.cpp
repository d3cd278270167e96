// expect: fix — a local toTuple() copy read only through -> inside a loop over a const vector, the receiver a by-value local that is not written
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static int64_t sum(IValue v, const std::vector<int64_t>& idx) {
  auto t = v.toTuple();
  int64_t s = 0;
  for (int64_t i : idx) s += t->elements()[i].toInt();
  return s;
}

int main() {
  IValue v(c10::ivalue::Tuple::create(IValue(int64_t(1)), IValue(int64_t(20)), IValue(int64_t(300))));
  std::cout << sum(v, {0, 2, 2}) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
