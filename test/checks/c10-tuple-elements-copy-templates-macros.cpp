// RUN: %check_c10_tidy %s c10-tuple-elements-copy %t
// REQUIRES: c10-ivalue
//
// Templates: one report per source location however many instantiations,
// fix-its only where the code does not depend on a template parameter; no
// crash on dependent code. Macros: a warning, never a fix-it.

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <vector>

using c10::IValue;
using c10::intrusive_ptr;
using c10::ivalue::Tuple;

std::size_t consume(const IValue &);

// The tuple handle's type depends on the parameter: only the instantiations
// can be analysed, and they share the template's source.
template <typename Handle> std::size_t dependentHandle(const Handle &t) {
  std::vector<IValue> e = t->elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: converting 't->elements()' to std::vector copies every element
  // CHECK-NOTES: :[[@LINE-2]]:30: note: no fix-it: the code is in a template instantiation
  // CHECK-FIXES: {{^}}  std::vector<IValue> e = t->elements();{{$}}
  return consume(t->elements().vec()[0]) + e.size();
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 't->elements().vec()' copies every element
  // CHECK-NOTES: :[[@LINE-2]]:32: note: no fix-it: the code is in a template instantiation
  // CHECK-FIXES: {{^}}  return consume(t->elements().vec()[0]) + e.size();{{$}}
}

// The copy does not depend on T: the template definition itself is analysed
// and rewritten once.
template <typename T> std::size_t independentCopy(const intrusive_ptr<Tuple> &t, T extra) {
  std::vector<IValue> e = t->elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: converting 't->elements()' to std::vector copies every element
  // CHECK-FIXES: {{^}}  const auto& e = t->elements();{{$}}
  return e.size() + static_cast<std::size_t>(extra);
}

// A dependent element type: no instantiation copies tuple elements, nothing to report.
template <typename T> std::size_t genericCopy(const T &container) {
  std::vector<typename T::value_type> e = container;
  return e.size();
}

template <typename Handle> IValue dependentMove(const Handle &t) {
  return std::move(t->elements()[0]);
  // Silent: the tuple comes from a parameter (shared with the caller).
}

std::size_t instantiate(const intrusive_ptr<Tuple> &t, const IValue &v) {
  std::vector<IValue> plain{IValue(1)};
  return dependentHandle(t) + dependentHandle(&v.toTupleRef()) + independentCopy(t, 1) +
         independentCopy(t, 2.0) + genericCopy(plain) + consume(dependentMove(t)) +
         consume(dependentMove(&v.toTupleRef()));
}

// --- Macros -----------------------------------------------------------------

#define ELEMENTS(t) (t)->elements()
#define FIRST_COPIED(t) (t)->elements().vec()[0]
#define TAKE_FIRST(t) std::move((t)->elements()[0])

std::size_t macros(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = ELEMENTS(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: converting 'ELEMENTS(t)' to std::vector copies every element
  // CHECK-NOTES: :[[@LINE-2]]:27: note: no fix-it: the code is inside a macro expansion
  std::size_t n = consume(FIRST_COPIED(t));
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: '(t)->elements().vec()' copies every element
  // CHECK-NOTES: :[[@LINE-2]]:27: note: no fix-it: the code is inside a macro expansion
  IValue first = TAKE_FIRST(t); // silent: a parameter's tuple is shared
  return n + e.size() + consume(first);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
