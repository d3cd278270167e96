// RUN: %check_c10_tidy %s c10-tuple-create-init-list %t
// REQUIRES: c10-ivalue, aten-tensor
//
// A small function of the user's that hands its std::initializer_list
// parameter to Tuple::create costs what `Tuple::create({...})` costs: each
// element is copied out of the const list. The remedy changes the wrapper and
// every call of it together (a variadic wrapper forwarding to the element
// overloads), so the call is reported without a fix-it; a list of numbers
// saves nothing and is left alone.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

using c10::IValue;

namespace {

IValue tup(std::initializer_list<IValue> ivalues) {
  return c10::ivalue::Tuple::create(ivalues);
}

c10::intrusive_ptr<c10::ivalue::Tuple> tuplePtr(std::initializer_list<IValue> xs) {
  return c10::ivalue::Tuple::create(xs);
}

// Look-alike: does more than hand the list over.
IValue tupCounted(std::initializer_list<IValue> ivalues, int64_t &count) {
  count += static_cast<int64_t>(ivalues.size());
  return c10::ivalue::Tuple::create(ivalues);
}

// Look-alike: builds a vector of its own first.
IValue tupVector(std::initializer_list<IValue> ivalues) {
  std::vector<IValue> v(ivalues);
  return c10::ivalue::Tuple::create(std::move(v));
}

} // namespace

IValue serialize(const at::Tensor &weight, IValue inner, int64_t version) {
  IValue a = tup({version, inner});
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'tup' hands its std::initializer_list to 'Tuple::create', which copies each of the 2 elements out of the const list; pass the elements as arguments to a variadic 'tup' that forwards them to 'Tuple::create' [c10-tuple-create-init-list]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: no fix-it: 'tup' and every call of it change together: add `template <typename... T> auto tup(T&&... xs)` returning `Tuple::create(std::forward<T>(xs)...)` and drop the braces here
  auto b = tuplePtr({weight});
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'tuplePtr' hands its std::initializer_list to 'Tuple::create', which copies the element out of the const list
  // Numbers only: an IValue holding a number copies no refcount.
  IValue c = tup({version, int64_t(2)});
  int64_t n = 0;
  IValue d = tupCounted({weight, inner}, n);
  IValue e = tupVector({weight, inner});
  return tup({a, IValue(b), c, d, e});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'tup' hands its std::initializer_list to 'Tuple::create', which copies each of the 5 elements
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
