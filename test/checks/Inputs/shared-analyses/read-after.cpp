// Linted after (or before) c10-shared-analyses-units.cpp in one process: the
// same function, but `v` is read after the call, so it is no last use.

#include <ATen/core/ivalue.h>

c10::IValue make();
void sink(c10::IValue v);
void use(const c10::IValue &v);

void handOver() {
  c10::IValue v = make();
  sink(v);
  use(v);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
