// RUN: %check_c10_tidy %s c10-refcounted-copy %t
// REQUIRES: c10-ivalue, aten-tensor
//
// A lambda that captures a handle by copy pays an atomic increment and
// decrement for every copy of the closure; standard algorithms take the
// closure by value and may copy it again. When the closure runs only inside
// one such call, nothing can change the variable meanwhile, and the body only
// reads the capture in ways that pick the same function for a reference to
// the (non-const) variable, `[&x]` reads the same handle for free.

#include <ATen/core/ivalue.h>
#include <ATen/core/List.h>
#include <ATen/core/Tensor.h>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <vector>

using c10::IValue;

bool same(const at::Tensor &a, const at::Tensor &b);
bool sameMut(at::Tensor &a, const at::Tensor &b);
bool sameMut(const at::Tensor &a, const at::Tensor &b);
void runLater(std::function<bool(const at::Tensor &)> f);
at::Tensor make();

int64_t indexOf(const c10::List<at::Tensor> &list, at::Tensor elem) {
  auto pos = std::find_if(list.begin(), list.end(), [elem](const at::Tensor &b) {
    // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: the lambda copies 'elem' (an atomic refcount increment and decrement for every copy of the closure) but only reads it, and runs only inside 'std::find_if'; capture it by reference [c10-refcounted-copy]
    // CHECK-FIXES: {{^}}  auto pos = std::find_if(list.begin(), list.end(), [&elem](const at::Tensor &b) {{{$}}
    return elem.equal(b) && elem.dim() == b.dim();
  });
  return pos == list.end() ? -1 : pos - list.begin();
}

int64_t countSame(const std::vector<at::Tensor> &ts) {
  at::Tensor probe = make();
  IValue tag(int64_t(3));
  return std::count_if(ts.begin(), ts.end(), [probe, &tag](const at::Tensor &t) {
    // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: the lambda copies 'probe'
    // CHECK-FIXES: {{^}}  return std::count_if(ts.begin(), ts.end(), [&probe, &tag](const at::Tensor &t) {{{$}}
    return same(probe, t) && tag.toInt() > 0;
  });
}

bool anyEqual(const std::vector<IValue> &vs) {
  IValue key = vs.front();
  const bool none = std::none_of(vs.begin(), vs.end(), [key](const IValue &v) { return v.isSameIdentity(key); });
  // CHECK-MESSAGES: :[[@LINE-1]]:57: warning: the lambda copies 'key'
  // CHECK-FIXES: {{^}}  const bool none = std::none_of(vs.begin(), vs.end(), [&key](const IValue &v) { return v.isSameIdentity(key); });{{$}}
  // An implicit capture by copy is left alone (the capture list names no
  // variable to rewrite).
  return none && std::any_of(vs.begin(), vs.end(), [=](const IValue &v) { return v.isSameIdentity(key); });
}

// Two closures capture the variable in one expression: another use in the
// same full-expression keeps both copies (the rule does not order the
// evaluation of operands).
bool twoClosures(const std::vector<IValue> &vs) {
  IValue key = vs.back();
  return std::any_of(vs.begin(), vs.end(), [key](const IValue &v) { return v.isSameIdentity(key); }) ||
         std::all_of(vs.begin(), vs.end(), [key](const IValue &v) { return v.isSameIdentity(key); });
}

void sortBy(std::vector<int64_t> &order, at::Tensor scores) {
  std::sort(order.begin(), order.end(), [&, scores](int64_t a, int64_t b) {
    // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: the lambda copies 'scores'
    // CHECK-MESSAGES: :[[@LINE-2]]:45: note: no fix-it: the lambda's default capture is by reference: remove 'scores' from the capture list
    return scores.size(0) > a && scores.size(0) > b;
  });
}

void eachDropped(const std::vector<at::Tensor> &ts, std::vector<bool> &out) {
  at::Tensor ref = make();
  std::for_each(ts.begin(), ts.end(), [ref, &out](const at::Tensor &t) { out.push_back(same(ref, t)); });
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: the lambda copies 'ref'
}

// An operator: every candidate of its name (the class's and the namespace's)
// takes the operands by const reference.
bool anyEqualValue(const std::vector<IValue> &vs) {
  IValue key = vs.front();
  return std::any_of(vs.begin(), vs.end(), [key](const IValue &v) { return v == key; });
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: the lambda copies 'key'
  // CHECK-FIXES: {{^}}  return std::any_of(vs.begin(), vs.end(), [&key](const IValue &v) { return v == key; });{{$}}
}

// --- look-alikes that must stay silent ---

// An operator with a candidate that takes a non-const reference: the
// reference would pick it.
struct Probe {
  int64_t rank;
};
bool operator==(at::Tensor &a, const Probe &b);
bool operator==(const at::Tensor &a, const Probe &b);
bool operatorOverloadChanges(const std::vector<Probe> &ps, at::Tensor elem) {
  return std::any_of(ps.begin(), ps.end(), [elem](const Probe &p) { return elem == p; });
}

// The closure is kept: std::function may call it after the variable changed.
void kept(at::Tensor elem) {
  runLater([elem](const at::Tensor &b) { return same(elem, b); });
}

// std::for_each returns the closure, which is kept here.
bool forEachKept(const std::vector<at::Tensor> &ts) {
  at::Tensor ref = make();
  auto f = std::for_each(ts.begin(), ts.end(), [ref](const at::Tensor &t) { return same(ref, t); });
  ref = make();
  return f(ref);
}

// A non-const reference would pick sameMut(at::Tensor&, ...).
bool overloadChanges(const std::vector<at::Tensor> &ts, at::Tensor elem) {
  return std::any_of(ts.begin(), ts.end(), [elem](const at::Tensor &b) { return sameMut(elem, b); });
}

// The closure's copy can change: `mutable`.
int64_t mutableCopy(const std::vector<at::Tensor> &ts, at::Tensor acc) {
  return std::count_if(ts.begin(), ts.end(), [acc](const at::Tensor &b) mutable {
    acc = b;
    return acc.defined();
  });
}

// Another capture by reference could change the variable while the call runs.
int64_t changedMeanwhile(std::vector<at::Tensor> &ts, at::Tensor elem) {
  auto reset = [&elem] { elem = at::Tensor(); };
  return std::count_if(ts.begin(), ts.end(), [elem, &reset](const at::Tensor &b) {
    reset();
    return same(elem, b);
  });
}

// The same full-expression names the variable again (argument order is
// unspecified).
int64_t namedAgain(const std::vector<at::Tensor> &ts, at::Tensor elem) {
  return std::count_if(ts.begin(), ts.end(), [elem](const at::Tensor &b) { return same(elem, b); }) +
         elem.dim();
}

// A nested lambda copies the capture again.
bool nested(const std::vector<at::Tensor> &ts, at::Tensor elem) {
  return std::any_of(ts.begin(), ts.end(), [elem](const at::Tensor &b) {
    auto inner = [elem] { return elem.dim(); };
    return inner() == b.dim();
  });
}

// The address of the capture is observed.
bool address(const std::vector<at::Tensor> &ts, at::Tensor elem) {
  return std::any_of(ts.begin(), ts.end(), [elem](const at::Tensor &b) { return &elem == &b; });
}

// Nothing to save: an undefined tensor never given a value.
bool undefinedProbe(const std::vector<at::Tensor> &ts) {
  at::Tensor none;
  return std::any_of(ts.begin(), ts.end(), [none](const at::Tensor &b) { return none.defined() == b.defined(); });
}

// An IValue read only as a scalar holds no refcounted payload.
int64_t scalarOnly(const std::vector<int64_t> &xs, IValue limit) {
  return std::count_if(xs.begin(), xs.end(), [limit](int64_t x) { return x < limit.toInt(); });
}

// Captured by reference already, or a reference variable copied.
bool byReference(const std::vector<at::Tensor> &ts, const at::Tensor &elem) {
  return std::any_of(ts.begin(), ts.end(), [elem](const at::Tensor &b) { return same(elem, b); });
}

// An init-capture declares its own variable.
bool initCapture(const std::vector<at::Tensor> &ts, at::Tensor elem) {
  return std::any_of(ts.begin(), ts.end(), [e = elem](const at::Tensor &b) { return same(e, b); });
}

// Templates: the instantiations may call different functions.
template <typename T>
bool inTemplate(const std::vector<T> &ts, at::Tensor elem) {
  return std::any_of(ts.begin(), ts.end(), [elem](const T &b) { return same(elem, b); });
}
template bool inTemplate<at::Tensor>(const std::vector<at::Tensor> &, at::Tensor);

// Not a library algorithm: a user function may keep the closure.
template <typename F>
bool userAlgorithm(const std::vector<at::Tensor> &ts, F f) {
  return f(ts.front());
}
bool userCall(const std::vector<at::Tensor> &ts, at::Tensor elem) {
  return userAlgorithm(ts, [elem](const at::Tensor &b) { return same(elem, b); });
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
