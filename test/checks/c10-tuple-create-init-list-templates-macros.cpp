// RUN: %check_c10_tidy %s c10-tuple-create-init-list %t
// REQUIRES: c10-ivalue
//
// Templates: one report per source location however many instantiations,
// fix-its only in code that does not depend on a template parameter.
// Macros: a warning and a note, never a fix-it.

#include <ATen/core/ivalue.h>
#include <string>
#include <utility>

using c10::IValue;
using c10::ivalue::Tuple;
using TuplePtr = c10::intrusive_ptr<Tuple>;

// The elements depend on T: only instantiations are seen, and a rewrite of
// the template would apply to every one of them.
template <typename T> TuplePtr pairOf(const T &first, const IValue &second) {
  return Tuple::create({first, second});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list copies each element out of a const std::initializer_list; pass the 2 elements as arguments to the 2-argument overload instead
  // CHECK-NOTES: :[[@LINE-2]]:24: note: no fix-it: the code is in a template instantiation
  // CHECK-FIXES: {{^}}  return Tuple::create({first, second});{{$}}
}

// The call does not depend on T: the template's definition gets the fix-it.
template <typename T> TuplePtr tagged(const IValue &value, T) {
  IValue tag(std::string("tag"));
  return Tuple::create({tag, value});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return Tuple::create(std::move(tag), value);{{$}}
}

template <typename T> struct Boxer {
  TuplePtr box(T v) const {
    return Tuple::create({v});
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'Tuple::create' with a braced list
    // CHECK-NOTES: :[[@LINE-2]]:26: note: no fix-it: the code is in a template instantiation
  }
  // `IValue(v)` is an IValue whatever T is: the call is resolved in the
  // template's definition, and the rewrite is right for every T.
  TuplePtr boxConverted(T v) const {
    return Tuple::create({IValue(v)});
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'Tuple::create' with a braced list
    // CHECK-FIXES: {{^}}    return Tuple::create(IValue(v));{{$}}
  }
};

// Never instantiated: nothing to report, nothing to crash on.
template <typename T> TuplePtr neverInstantiated(T a) { return Tuple::create({a, a}); }

TuplePtr instantiate(const IValue &v) {
  auto generic = [](const auto &x) {
    return Tuple::create({x});
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'Tuple::create' with a braced list
    // CHECK-NOTES: :[[@LINE-2]]:26: note: no fix-it: the code is in a template instantiation
  };
  Boxer<int64_t> ints;
  Boxer<double> doubles;
  TuplePtr all[] = {pairOf(v, v),        pairOf(1, v),    pairOf(std::string("s"), v),
                    tagged(v, 1),        tagged(v, 2.0),  ints.box(1),
                    doubles.box(2.0),    generic(v),      generic(3),
                    ints.boxConverted(4)};
  return all[0];
}

// --- Macros ------------------------------------------------------------------

#define MAKE_PAIR(a, b) Tuple::create({a, b})
#define PARENS(x) (x)
#define ELEMENT(v) v

TuplePtr macros(const IValue &a, const IValue &b) {
  TuplePtr p = MAKE_PAIR(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'Tuple::create' with a braced list
  // CHECK-NOTES: :[[@LINE-2]]:16: note: no fix-it: the code is inside a macro expansion
  TuplePtr q = PARENS(Tuple::create({a, b}));
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'Tuple::create' with a braced list
  // CHECK-NOTES: :[[@LINE-2]]:37: note: no fix-it: the code is inside a macro expansion
  return Tuple::create({ELEMENT(a), p, q});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-NOTES: :[[@LINE-2]]:24: note: no fix-it: the code is inside a macro expansion
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
