// RUN: %check_c10_tidy %s c10-tuple-elements-copy %t
// REQUIRES: c10-ivalue
//
// Positives: each way of copying a tuple's elements that is then only read,
// with the fix-it where the tuple provably outlives the reference unchanged.

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

using c10::IValue;
using c10::intrusive_ptr;
using c10::ivalue::Tuple;

std::size_t consume(const IValue &);

// --- A local copy that is only read -----------------------------------------

std::size_t conversionToLocal(intrusive_ptr<Tuple> t) {
  std::vector<IValue> e = t->elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: converting 't->elements()' to std::vector copies every element (one refcount increment each) into 'e', which is only read; bind a reference: 'const auto& e = t->elements();' [c10-tuple-elements-copy]
  // CHECK-FIXES: {{^}}  const auto& e = t->elements();{{$}}
  return e.size() + consume(e[0]) + consume(e.back());
}

std::size_t vecToLocal(const intrusive_ptr<Tuple> &t) {
  auto e = t->elements().vec();
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 't->elements().vec()' copies every element (one refcount increment each) into 'e', which is only read; bind a reference: 'const auto& e = t->elements();'
  // CHECK-FIXES: {{^}}  const auto& e = t->elements();{{$}}
  std::size_t n = 0;
  for (const IValue &x : e)
    n += consume(x);
  return n + (e.empty() ? 0 : 1);
}

std::size_t elementsCopyToLocal(const IValue &v) {
  auto e = v.toTupleRef().elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: the copy of 'v.toTupleRef().elements()' copies every element (one refcount increment each) into 'e', which is only read
  // CHECK-FIXES: {{^}}  const auto& e = v.toTupleRef().elements();{{$}}
  return e.size() + consume(e[1]);
}

std::size_t constRefToTemporaryVector(IValue v) {
  const std::vector<IValue> &e = v.toTuple()->elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: converting 'v.toTuple()->elements()' to std::vector copies every element
  // CHECK-FIXES: {{^}}  const auto& e = v.toTuple()->elements();{{$}}
  return consume(e[0]);
}

// Iterators passed straight to a function template work with either type.
std::vector<IValue> prefixed(const intrusive_ptr<Tuple> &t) {
  const std::vector<IValue> e = t->elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: converting 't->elements()' to std::vector copies every element
  // CHECK-FIXES: {{^}}  const auto& e = t->elements();{{$}}
  std::vector<IValue> out{IValue(0)};
  out.insert(out.end(), e.begin(), e.end());
  return out;
}

// An ArrayRef<IValue> parameter takes a TupleElements for free.
std::size_t sizeOf(c10::ArrayRef<IValue> values);
std::size_t passedAsArrayRef(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: converting 't->elements()' to std::vector copies every element
  // CHECK-FIXES: {{^}}  const auto& e = t->elements();{{$}}
  return sizeOf(e);
}

// --- vec() read at once -----------------------------------------------------

std::size_t vecReadAtOnce(const intrusive_ptr<Tuple> &t) {
  IValue first = t->elements().vec()[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 't->elements().vec()' copies every element (one refcount increment each) to call '[]' on the copy; call it on 't->elements()' directly
  // CHECK-FIXES: {{^}}  IValue first = t->elements()[0];{{$}}
  std::size_t n = t->elements().vec().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 't->elements().vec()' copies every element (one refcount increment each) to call 'size()' on the copy
  // CHECK-FIXES: {{^}}  std::size_t n = t->elements().size();{{$}}
  n += consume(t->elements().vec().back());
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 't->elements().vec()' copies every element (one refcount increment each) to call 'back()' on the copy
  // CHECK-FIXES: {{^}}  n += consume(t->elements().back());{{$}}
  n += consume(t->elements().vec().at(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 't->elements().vec()' copies every element (one refcount increment each) to call 'at()' on the copy
  // CHECK-NOTES: :[[@LINE-2]]:30: note: no fix-it: 'TupleElements::at' reports a bad index with c10::Error, not std::out_of_range
  return n + consume(first);
}

std::size_t vecRangeFor(const intrusive_ptr<Tuple> &t) {
  std::size_t n = 0;
  for (const auto &x : t->elements().vec())
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 't->elements().vec()' copies every element (one refcount increment each) for a loop that only reads them; iterate 't->elements()' directly
    // CHECK-FIXES: {{^}}  for (const auto &x : t->elements()){{$}}
    n += consume(x);
  for (auto &x : t->elements().vec())
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 't->elements().vec()' copies every element
    // CHECK-FIXES: {{^}}  for (auto &x : t->elements()){{$}}
    n += consume(x);
  for (IValue &x : t->elements().vec())
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 't->elements().vec()' copies every element
    // CHECK-NOTES: :[[@LINE-2]]:34: note: no fix-it: the loop variable 'x' is a reference to non-const IValue; the tuple's elements are const
    n += consume(x);
  return n;
}

// --- Arguments for std::vector parameters that are only read ----------------

std::size_t countTensors(const std::vector<IValue> &values);
std::size_t countInts(std::vector<IValue> values) {
  std::size_t n = 0;
  for (const IValue &v : values)
    n += v.isInt() ? 1 : 0;
  return n;
}

std::size_t arguments(const intrusive_ptr<Tuple> &t) {
  std::size_t n = countTensors(t->elements());
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: converting 't->elements()' to std::vector copies every element (one refcount increment each) into a temporary for the 'const std::vector' parameter of 'countTensors'
  // CHECK-NOTES: :[[@LINE-2]]:35: note: no fix-it: the copy is made for the callee's parameter type; declare it 'c10::ArrayRef<c10::IValue>', to which 't->elements()' converts without copying
  n += countTensors(t->elements().vec());
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 't->elements().vec()' copies every element (one refcount increment each) into a temporary for the 'const std::vector' parameter of 'countTensors'
  n += countInts(t->elements());
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: converting 't->elements()' to std::vector copies every element (one refcount increment each) into the by-value parameter 'values' of 'countInts', which only reads it
  // CHECK-NOTES: :[[@LINE-2]]:21: note: no fix-it: the copy is made for the callee's parameter type
  return n;
}

// --- std::move of a const element -------------------------------------------

// Reported for a tuple a local holds; one reached from a parameter is shared
// with the caller, where the copy cannot be avoided (silent).
std::vector<IValue> moveElementsOfParameter(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> out;
  out.push_back(std::move(t->elements()[0]));
  return out;
}

std::vector<IValue> moveElements(IValue a, IValue b) {
  intrusive_ptr<Tuple> t = Tuple::create(std::move(a), std::move(b));
  std::vector<IValue> out;
  out.push_back(std::move(t->elements()[0]));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'std::move' has no effect on an element of 't->elements()': it is a 'const IValue&&', so the element is copied
  // CHECK-NOTES: :[[@LINE-2]]:17: note: 'elements()' of a tuple that others may share is const; moving the elements out ('std::move(*tuple).elements()') is only correct when nothing else owns the tuple
  out.push_back(std::move(t->elements().back()));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'std::move' has no effect on an element of 't->elements()'
  std::vector<IValue> all = std::move(t->elements());
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'std::move' has no effect on 't->elements()': it is a 'const TupleElements&&', so the elements are copied, one refcount increment each
  out.insert(out.end(), all.begin(), all.end());
  return out;
}

// --- The tuple could change or die while the reference lives: no fix-it ----

std::size_t ownerModified(intrusive_ptr<Tuple> t, intrusive_ptr<Tuple> other) {
  std::vector<IValue> e = t->elements(); // silent: the copy keeps the elements of the old tuple
  t = std::move(other); // the old tuple may die here; the copy keeps its elements
  return consume(e[0]) + t->elements().size();
}

std::size_t stackElement(std::vector<IValue> &stack) {
  std::vector<IValue> e = stack.back().toTupleRef().elements(); // silent: popped below
  stack.pop_back();
  return consume(e[0]);
}

std::size_t rawPointer(const Tuple *t) {
  std::vector<IValue> e = t->elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: converting 't->elements()' to std::vector copies every element
  // CHECK-NOTES: :[[@LINE-2]]:30: note: no fix-it: the tuple is reached through a raw pointer, whose owner could release it while the reference is alive
  return consume(e[0]);
}

std::size_t tupleReference(const IValue &v) {
  const Tuple &tuple = v.toTupleRef();
  std::vector<IValue> e = tuple.elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: converting 'tuple.elements()' to std::vector copies every element
  // CHECK-NOTES: :[[@LINE-2]]:33: note: no fix-it: 'tuple' is not a local variable or parameter
  return consume(e[0]);
}

// --- Uses that a TupleElements does not serve the same way: no fix-it -------

std::size_t usedAsVector(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: converting 't->elements()' to std::vector copies every element
  // CHECK-NOTES: :[[@LINE-2]]:30: note: no fix-it: 'e' is used as a std::vector in 'countTensors(e)'; as a 'const TupleElements&' that use would not compile or not mean the same
  return countTensors(e);
}

std::size_t atThrowsOutOfRange(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: converting 't->elements()' to std::vector copies every element
  // CHECK-NOTES: :[[@LINE-2]]:30: note: no fix-it: 'e' is used as a std::vector in 'e.at(3)'
  return consume(e.at(3));
}

std::size_t twoDeclarations(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements(), f;
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: converting 't->elements()' to std::vector copies every element
  // CHECK-NOTES: :[[@LINE-2]]:30: note: no fix-it: the declaration of 'e' declares more than one variable
  return consume(e[0]) + f.size();
}

// A use at once borrows for its full-expression only: a later change of the
// handle does not matter.
std::size_t ownerModifiedAfterUseAtOnce(intrusive_ptr<Tuple> t, intrusive_ptr<Tuple> other) {
  IValue first = t->elements().vec()[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 't->elements().vec()' copies every element
  // CHECK-FIXES: {{^}}  IValue first = t->elements()[0];{{$}}
  t = std::move(other);
  return consume(first) + t->elements().size();
}

// Reads through a non-const member call that has a const overload (the
// copy's non-const element picks `toTensor() &`, the tuple's const one
// `toTensor() const&`) are reads.
std::size_t constOverloads(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: converting 't->elements()' to std::vector copies every element
  // CHECK-FIXES: {{^}}  const auto& e = t->elements();{{$}}
  const at::Tensor &first = e[0].toTensor();
  return static_cast<std::size_t>(first.dim() + t->elements().vec()[1].toTensor().dim());
  // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 't->elements().vec()' copies every element
  // CHECK-FIXES: {{^}}  return static_cast<std::size_t>(first.dim() + t->elements()[1].toTensor().dim());{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
