// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: c10-ivalue
//
// An assignment to an rvalue writes into the object it is called on and need
// not keep its argument: at::Tensor's (`std::move(a) = b`) copies the
// data in place. Moving the argument there saves nothing, so a last use as
// its argument is not reported; an ordinary assignment still is.

#include <ATen/core/ivalue.h>
#include <utility>

using c10::IValue;

struct Slot {
  Slot &operator=(const IValue &v) &&;
  Slot &operator=(IValue &&v) &&;
  Slot &operator=(const IValue &v) &;
  Slot &operator=(IValue &&v) &;
};
Slot make();

void fillTemporary(IValue v) { make() = v; }

void fillNamed(Slot s, IValue v) { std::move(s) = v; }

void keepIn(Slot &s, IValue v) {
  s = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'v' is copied at its last use; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-FIXES: s = std::move(v);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
