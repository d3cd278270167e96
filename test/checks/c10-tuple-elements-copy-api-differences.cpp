// What a fix-it may call depends on the TupleElements at hand: libtorch 1.13's
// has `back()` but no `front()`; the reference runtime's has both. The check
// looks the member up instead of assuming one release's API.
// RUN: %if runtime-libtorch %{ %check_c10_tidy -check-suffix=LIBTORCH %s c10-tuple-elements-copy %t %}
// RUN: %if runtime-reference %{ %check_c10_tidy -check-suffix=REFERENCE %s c10-tuple-elements-copy %t %}
// REQUIRES: c10-ivalue

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <vector>

using c10::IValue;
using c10::intrusive_ptr;
using c10::ivalue::Tuple;

std::size_t consume(const IValue &);

std::size_t front(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements();
  // CHECK-MESSAGES-LIBTORCH: :[[@LINE-1]]:30: warning: converting 't->elements()' to std::vector copies every element
  // CHECK-NOTES-LIBTORCH: :[[@LINE-2]]:30: note: no fix-it: 'e' is used as a std::vector in 'e.front()'; as a 'const TupleElements&' that use would not compile or not mean the same
  // CHECK-MESSAGES-REFERENCE: :[[@LINE-3]]:30: warning: converting 't->elements()' to std::vector copies every element
  // CHECK-FIXES-REFERENCE: {{^}}  const auto& e = t->elements();{{$}}
  std::size_t n = consume(e.front());
  n += consume(t->elements().vec().front());
  // CHECK-MESSAGES-LIBTORCH: :[[@LINE-1]]:30: warning: 't->elements().vec()' copies every element (one refcount increment each) to call 'front()' on the copy
  // CHECK-NOTES-LIBTORCH: :[[@LINE-2]]:30: note: no fix-it: this TupleElements has no 'front()'
  // CHECK-MESSAGES-REFERENCE: :[[@LINE-3]]:30: warning: 't->elements().vec()' copies every element
  // CHECK-FIXES-REFERENCE: {{^}}  n += consume(t->elements().front());{{$}}
  return n;
}

// libtorch 1.13's `operator std::vector<IValue>() &&` calls `vec()` on an
// lvalue and so copies even from `std::move(*t).elements()`; that is the
// rvalue overload, which the check leaves alone in both runtimes.
std::vector<IValue> movedOut(intrusive_ptr<Tuple> t) {
  std::vector<IValue> e = std::move(*t).elements();
  return e;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
