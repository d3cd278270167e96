// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A user header: a c10 finding in an inline function, and a class an
// upstream check compares the main file's declarations with.
#pragma once
#include <ATen/core/ivalue.h>

void show(const c10::IValue &);

inline void showCopy(c10::IValue v) {
  c10::IValue kept = v;
  show(kept);
}

namespace gui {
struct Widget {
  int id = 0;
};
} // namespace gui
