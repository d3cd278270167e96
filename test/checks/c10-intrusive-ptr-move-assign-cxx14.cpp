// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t -- -std=c++14
// REQUIRES: runtime-libtorch, torch-1.13
//
// Before C++17 the two sides of `x = f(x)` are not sequenced: nothing says
// the copy into f's parameter is made before x is assigned, so a move there
// is not advised. (Only libtorch 1.13's headers still compile as C++14.)

#include <ATen/core/ivalue.h>
#include <vector>

using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

TuplePtr keep(TuplePtr t);

void reassignedFromItself(TuplePtr t) {
  t = keep(t);
  (void)t;
}

void lastUse(TuplePtr t, std::vector<TuplePtr> &out) {
  out.push_back(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 't' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  out.push_back(std::move(t));{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
