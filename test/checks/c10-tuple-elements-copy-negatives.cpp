// RUN: %check_c10_tidy %s c10-tuple-elements-copy %t
// REQUIRES: c10-ivalue
//
// Copies that are needed (modified, moved from, returned, stored, owned by a
// callee that changes them), reads that copy nothing, and range-for copies,
// which are performance-for-range-copy's to report. The check must stay
// silent on all of them, except for the few marked below.

#include <ATen/core/ivalue.h>
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

using c10::IValue;
using c10::intrusive_ptr;
using c10::ivalue::Tuple;

std::size_t consume(const IValue &);
void sink(std::vector<IValue> values);
std::size_t sizeOf(c10::ArrayRef<IValue> values);
std::size_t declaredOnly(std::vector<IValue> values); // no body: may keep its copy

// --- No copy at all ---------------------------------------------------------

std::size_t references(const intrusive_ptr<Tuple> &t, const IValue &v) {
  const auto &e = t->elements();
  const c10::ArrayRef<IValue> a = t->elements(); // free: a view
  std::size_t n = e.size() + a.size() + sizeOf(t->elements()) + consume(t->elements()[0]);
  n += v.toTupleRef().elements().size() + consume(v.toTupleRef().elements().back());
  for (const IValue &x : t->elements())
    n += consume(x);
  return n;
}

// A TupleElements copied from a named tuple: upstream
// performance-unnecessary-copy-initialization reports it.
std::size_t namedTupleCopy(const Tuple &tuple) {
  auto e = tuple.elements();
  return e.size() + consume(e[0]);
}

// Range-for by value copies each element: upstream performance-for-range-copy.
std::size_t rangeForCopies(const intrusive_ptr<Tuple> &t) {
  std::size_t n = 0;
  for (auto x : t->elements())
    n += consume(x);
  for (IValue x : t->elements())
    n += consume(x);
  return n;
}

// --- The copy is modified, moved from or escapes ----------------------------

std::vector<IValue> modified(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements();
  e.push_back(IValue(1));
  std::vector<IValue> f = t->elements();
  f[0] = IValue(2);
  std::vector<IValue> g = t->elements().vec();
  std::reverse(g.begin(), g.end());
  e.insert(e.end(), f.begin(), f.end());
  e.insert(e.end(), g.begin(), g.end());
  return e;
}

std::vector<IValue> returned(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements();
  return e;
}

std::vector<IValue> returnedAtOnce(const intrusive_ptr<Tuple> &t) {
  return t->elements(); // the caller wants its own vector
}

void moved(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements();
  sink(std::move(e));
  auto f = t->elements().vec();
  std::vector<IValue> g = std::move(f);
  sink(g);
}

struct Request {
  std::vector<IValue> inputs;
  void setInputs(const intrusive_ptr<Tuple> &t) {
    std::vector<IValue> e = t->elements();
    inputs = e; // stored
    inputs = t->elements(); // assigned into a member that owns a copy
  }
};

auto capturedByCopy(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements();
  return [e] { return e.size(); };
}

void passedOnByValue(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements();
  sink(e);
}

// --- Callees that need their own vector -------------------------------------

std::vector<IValue> appendOne(std::vector<IValue> values) {
  values.push_back(IValue(1));
  return values;
}
std::vector<IValue> keep(std::vector<IValue> values) { return values; }

std::size_t ownedByCallee(const intrusive_ptr<Tuple> &t) {
  sink(t->elements());
  return appendOne(t->elements()).size() + keep(t->elements()).size() +
         declaredOnly(t->elements());
}

// A callee in a system header cannot be changed to take an ArrayRef.
intrusive_ptr<Tuple> rebuilt(const intrusive_ptr<Tuple> &t) {
  return Tuple::create(t->elements().vec());
}

// --- The rvalue overload moves ----------------------------------------------

std::vector<IValue> movedOut(intrusive_ptr<Tuple> t) {
  std::vector<IValue> e = std::move(*t).elements();
  std::vector<IValue> f = std::move(*t).elements().vec();
  e.insert(e.end(), f.begin(), f.end());
  return e;
}

// --- Loops over vec() that modify or move the copy's elements ---------------

std::vector<IValue> loopsThatNeedTheCopy(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> out;
  for (auto &x : t->elements().vec())
    out.push_back(std::move(x));
  for (IValue &x : t->elements().vec())
    x = IValue(0);
  return out;
}

// --- vec() whose element is modified: a warning, no fix-it ------------------

IValue movedFromCopy(const intrusive_ptr<Tuple> &t) {
  IValue x = std::move(t->elements().vec()[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 't->elements().vec()' copies every element (one refcount increment each) to call '[]' on the copy
  // CHECK-NOTES: :[[@LINE-2]]:38: note: no fix-it: the element is modified or moved from; copy just that one element instead
  return x;
}

// --- A tuple kept alive only by a temporary: silent, a reference would dangle

std::size_t temporaryOwner(IValue v) {
  std::vector<IValue> e = std::move(v).toTuple()->elements();
  return consume(e[0]);
}

// The tuple is owned only by the temporary a call returns: it dies at the end
// of the declaration, so binding a reference to its elements would dangle.
c10::IValue makeOutput();
std::size_t ownedByTemporary() {
  auto elements = makeOutput().toTuple()->elements();
  return elements.size();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
