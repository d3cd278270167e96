// RUN: %check_c10_tidy %s c10-ivalue-ref-accessor %t
// REQUIRES: c10-ivalue
//
// The IValue is given its value by a statement of its own before the owning
// accessor's result is declared (`out = produce();`): nothing points into the
// old value, and the borrowing accessor reads the new one. A pointer to the
// IValue taken before, used while the result is read, keeps the copy.

#include <ATen/core/ivalue.h>
#include <cstddef>

using c10::IValue;

IValue produce();

std::size_t assignedFirst() {
  IValue out;
  out = produce();
  auto t = out.toTuple();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'toTuple()' copies an intrusive_ptr: atomic refcount increment and decrement; use 'toTupleRef()' instead [c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  const auto& t = out.toTupleRef();{{$}}
  return t->elements().size();
  // CHECK-FIXES: {{^}}  return t.elements().size();{{$}}
}

std::size_t pointerTakenFirst() {
  IValue out;
  IValue *kept = &out;
  out = produce();
  auto t = out.toTuple();
  *kept = produce();
  return t->elements().size();
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
