// RUN: %check_c10_tidy %s c10-ivalue-ref-accessor %t
// REQUIRES: c10-ivalue
//
// Templates: one report per source location however many instantiations,
// fix-its only where the code does not depend on a template parameter; no
// crash on dependent code. Macros: a warning, never a fix-it.

#include <ATen/core/ivalue.h>
#include <cstddef>

using c10::IValue;

std::size_t consume(const IValue &);

// The receiver's type depends on T: only instantiations can be analysed, and a
// rewrite of the template would apply to every instantiation.
template <typename T> std::size_t dependentReceiver(const T &v) {
  return v.toTuple()->elements().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-NOTES: :[[@LINE-2]]:12: note: no fix-it: the code is in a template instantiation
  // CHECK-FIXES: {{^}}  return v.toTuple()->elements().size();{{$}}
}

// The call does not depend on T: the template definition itself is analysed.
template <typename T> std::size_t independentReceiver(const IValue &v, T extra) {
  return v.toTuple()->elements().size() + static_cast<std::size_t>(extra);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-FIXES: {{^}}  return v.toTupleRef().elements().size() + static_cast<std::size_t>(extra);{{$}}
}

template <typename T> struct Wrapper {
  T value;
  std::size_t size(const T &other) const {
    return other.toList().size();
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'toList()' copies a c10::List
    // CHECK-NOTES: :[[@LINE-2]]:18: note: no fix-it: the code is in a template instantiation
  }
};

// Never instantiated with an IValue: nothing to report, nothing to crash on.
template <typename T> auto neverInstantiated(const T &v) -> decltype(v.toTuple()) {
  return v.toTuple();
}

std::size_t instantiate(const IValue &v) {
  Wrapper<IValue> w{v};
  return dependentReceiver(v) + dependentReceiver(IValue(v)) + independentReceiver(v, 1) +
         independentReceiver(v, 2.0) + w.size(v);
}

// --- Macros -----------------------------------------------------------------

#define TUPLE_SIZE(value) (value).toTuple()->elements().size()
#define FIRST_ELEMENT(tuple) (tuple)->elements()[0]

std::size_t inMacros(const IValue &v) {
  std::size_t n = TUPLE_SIZE(v);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-NOTES: :[[@LINE-2]]:19: note: no fix-it: the code is inside a macro expansion
  // CHECK-FIXES: {{^}}  std::size_t n = TUPLE_SIZE(v);{{$}}
  auto t = v.toTuple();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-NOTES: :[[@LINE-2]]:14: note: no fix-it: not every use of 't' can be rewritten
  // CHECK-FIXES: {{^}}  auto t = v.toTuple();{{$}}
  return n + consume(FIRST_ELEMENT(t));
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
