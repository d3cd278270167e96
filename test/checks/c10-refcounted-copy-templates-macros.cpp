// RUN: %check_c10_tidy %s c10-refcounted-copy %t
// REQUIRES: c10-ivalue, aten-tensor
//
// Templates: one report per variable however many instantiations, fix-its
// only where the code does not depend on a template parameter. Macros: a
// warning, never a fix-it.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstdint>

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

std::int64_t rank(const at::Tensor &t);
std::int64_t score(const IValue &v);
std::int64_t score(std::int64_t v);

struct Holder {
  at::Tensor weight;
  IValue extra;
};
struct OtherHolder {
  at::Tensor weight;
};
struct PlainHolder {
  std::int64_t weight;
};

// The source depends on T: analysed per instantiation, reported once, and a
// rewrite of the template would apply to every instantiation.
template <typename T> std::int64_t dependentSource(const T &holder) {
  at::Tensor w = holder.weight;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'w' copies a refcounted 'at::Tensor'
  // CHECK-NOTES: :[[@LINE-2]]:14: note: no fix-it: the code is in a template instantiation
  // CHECK-FIXES: {{^}}  at::Tensor w = holder.weight;{{$}}
  return rank(w);
}

// The copy does not depend on T: the template itself is rewritten.
template <typename T> std::int64_t independentSource(const Holder &h, T extra) {
  IValue e = h.extra;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'e' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const IValue& e = h.extra;{{$}}
  return score(e) + static_cast<std::int64_t>(extra);
}

// The variable's type depends on T: a copy of a listed type in some
// instantiations only.
template <typename T> struct Model {
  T weight;
  auto read(const Model &other) const {
    auto w = other.weight;
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'w' copies a refcounted 'at::Tensor'
    // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix-it: the code is in a template instantiation
    return score(w);
  }
};

// Never instantiated: nothing to report, nothing to crash on.
template <typename T> std::int64_t neverInstantiated(const T &t) {
  auto first = t->elements()[0];
  return score(first);
}

std::int64_t score(const at::Tensor &t) { return rank(t); }

std::int64_t instantiate(const Holder &h, const OtherHolder &o, const PlainHolder &p) {
  Model<at::Tensor> tensors{};
  Model<std::int64_t> ints{};
  return dependentSource(h) + dependentSource(o) + dependentSource(h) +
         independentSource(h, 1) + independentSource(h, 2.0) + tensors.read(tensors) +
         ints.read(ints) + p.weight;
}

// --- Macros ---------------------------------------------------------------------

#define FIRST_ELEMENT(tuple) (tuple)->elements()[0]
#define COPY_WEIGHT(name, holder) at::Tensor name = (holder).weight

std::int64_t inMacros(const TuplePtr &t, const Holder &h) {
  IValue first = FIRST_ELEMENT(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'first' copies a refcounted 'c10::IValue'
  // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix-it: the code is inside a macro expansion
  COPY_WEIGHT(w, h);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'w' copies a refcounted 'at::Tensor'
  // CHECK-NOTES: :[[@LINE-2]]:15: note: no fix-it: the code is inside a macro expansion
  return score(first) + rank(w);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
