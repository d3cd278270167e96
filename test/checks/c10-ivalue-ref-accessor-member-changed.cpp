// RUN: %check_c10_tidy %s c10-ivalue-ref-accessor %t
// REQUIRES: c10-ivalue
//
// The owning accessor on a member the same block then pops: the intrusive_ptr
// it returns keeps the tuple alive after the element is gone, so the
// borrowing accessor would dangle. Nothing is reported. Without the pop the
// copy is still reported (no fix: a member is out of the check's sight).

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <vector>

using c10::IValue;

struct Unpickler {
  std::vector<IValue> stack_;

  std::size_t poppedWhileUsed() {
    auto tuple = stack_.back().toTuple();
    const auto &items = tuple->elements();
    stack_.pop_back();
    return items.size();
  }

  std::size_t untouched() {
    auto tuple = stack_.back().toTuple();
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'toTuple()' copies an intrusive_ptr: atomic refcount increment and decrement; use 'toTupleRef()' instead [c10-ivalue-ref-accessor]
    return tuple->elements().size();
  }
};
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
