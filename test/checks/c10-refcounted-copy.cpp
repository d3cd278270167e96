// RUN: %check_c10_tidy %s c10-refcounted-copy %t
// REQUIRES: c10-ivalue, aten-tensor
//
// Positives: copies of IValue, at::Tensor and intrusive_ptr made from a
// borrowed reference and only read. A const reference is the fix-it where the
// source provably stays alive and unchanged; elsewhere a warning and a note
// saying why there is no fix-it.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstddef>
#include <cstdint>
#include <vector>

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

std::int64_t rank(const at::Tensor &t);
std::int64_t score(const IValue &v);
void log(const IValue &v);
std::int64_t byValue(at::Tensor t);

// --- Accessors returning a non-const reference --------------------------------

// On a non-const IValue, toTensor() binds the `at::Tensor& toTensor() &`
// overload.
std::int64_t nonConstAccessorChained(std::vector<IValue> &outputs) {
  at::Tensor logits = outputs[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'logits' copies a refcounted 'at::Tensor' (an atomic increment and decrement) from a borrowed reference but is only read; bind a const reference instead [c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const at::Tensor& logits = outputs[0].toTensor();{{$}}
  return rank(logits) + byValue(logits);
}

// --- Chains through tuples and handles -----------------------------------------

std::int64_t tupleElementThroughHandle(const TuplePtr &t) {
  IValue first = t->elements()[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'first' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const IValue& first = t->elements()[0];{{$}}
  return score(first) + static_cast<std::int64_t>(t->elements().size());
}

std::int64_t tupleElementByRef(const IValue &v) {
  auto second = v.toTupleRef().elements()[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'second' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const auto& second = v.toTupleRef().elements()[1];{{$}}
  const at::Tensor tensor = v.toTupleRef().elements()[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'tensor' copies a refcounted 'at::Tensor'
  // CHECK-FIXES: {{^}}  const at::Tensor& tensor = v.toTupleRef().elements()[0].toTensor();{{$}}
  return score(second) + rank(tensor);
}

// A local reference on the way is followed to what it is bound to.
std::int64_t throughLocalReference(const IValue &output) {
  const auto &elements = output.toTupleRef().elements();
  IValue boxes = elements[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'boxes' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const IValue& boxes = elements[0];{{$}}
  return score(boxes);
}

// --- Members --------------------------------------------------------------------

struct Holder {
  at::Tensor weight;
  TuplePtr meta;
  IValue config;
  std::int64_t rescale() const;
};

std::int64_t memberThroughConstRef(const Holder &holder) {
  auto w = holder.weight;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'w' copies a refcounted 'at::Tensor'
  // CHECK-FIXES: {{^}}  const auto& w = holder.weight;{{$}}
  c10::intrusive_ptr<c10::ivalue::Tuple> meta = holder.meta;
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: 'meta' copies a refcounted 'c10::intrusive_ptr'
  // CHECK-FIXES: {{^}}  const c10::intrusive_ptr<c10::ivalue::Tuple>& meta = holder.meta;{{$}}
  return rank(w) + static_cast<std::int64_t>(meta->elements().size());
}

std::int64_t memberOfLocal() {
  Holder local;
  IValue config = local.config;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'config' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const IValue& config = local.config;{{$}}
  return score(config) + local.rescale();
}

// Through a raw pointer whose object is only read.
std::int64_t memberThroughPointer(const Holder *holder) {
  at::Tensor w = holder->weight;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'w' copies a refcounted 'at::Tensor'
  // CHECK-FIXES: {{^}}  const at::Tensor& w = holder->weight;{{$}}
  return rank(w) + holder->rescale();
}

// --- Range-for elements ------------------------------------------------------------

std::int64_t loopOverOutputs(const std::vector<IValue> &outputs) {
  std::int64_t n = 0;
  for (const IValue &out : outputs) {
    auto elems = out.toTupleRef().elements()[0];
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'elems' copies a refcounted 'c10::IValue'
    // CHECK-FIXES: {{^}}    const auto& elems = out.toTupleRef().elements()[0];{{$}}
    n += score(elems);
  }
  return n;
}

// --- Warning only: the source changes or may die ------------------------------------

// A Stack that is pushed to reallocates: a reference into it would dangle.
std::int64_t stackPushedTo(std::vector<IValue> &stack) {
  IValue top = stack.back().toTupleRef().elements()[0];
  // Silent: the source changes while the copy lives, so a reference would dangle.
  stack.push_back(IValue(1));
  return score(top);
}

std::int64_t sourceReassigned(IValue v) {
  at::Tensor t = v.toTupleRef().elements()[0].toTensor();
  // Silent: the source changes while the copy lives, so a reference would dangle.
  v = IValue(2);
  return rank(t);
}

// The tuple is reached through a handle that is passed on: the callee may
// change the tuple the reference would point into.
void reset(TuplePtr &t);
std::int64_t handlePassedOn(TuplePtr t) {
  IValue first = t->elements()[0];
  // Silent: the source changes while the copy lives, so a reference would dangle.
  reset(t);
  return score(first);
}

std::int64_t Holder::rescale() const {
  at::Tensor w = weight;
  // Silent: a member of '*this' is out of the analysis' sight; no proof, no advice.
  return rank(w);
}

IValue &peek(std::vector<IValue> &stack, std::size_t i, std::size_t n);
std::int64_t functionResult(std::vector<IValue> &stack) {
  IValue input = peek(stack, 0, 2);
  // Silent: what peek() returns a reference to is out of sight; no proof, no advice.
  return score(input);
}

struct Registry {
  std::vector<at::Tensor> tensors;
};
Registry registry;
std::int64_t globalContainer(std::size_t i) {
  at::Tensor cached = registry.tensors[i];
  // Silent: any code can change a global; no proof, no advice.
  return rank(cached);
}

std::int64_t pointeeWritten(Holder *holder) {
  at::Tensor w = holder->weight;
  // Silent: the source changes while the copy lives, so a reference would dangle.
  holder->weight = at::Tensor();
  return rank(w);
}

std::int64_t severalDeclarators(const Holder &a, const Holder &b) {
  at::Tensor x = a.weight, y = b.weight;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'x' copies a refcounted 'at::Tensor'
  // CHECK-NOTES: :[[@LINE-2]]:14: note: no fix-it: the declaration of 'x' cannot be rewritten
  // CHECK-MESSAGES: :[[@LINE-3]]:28: warning: 'y' copies a refcounted 'at::Tensor'
  // CHECK-NOTES: :[[@LINE-4]]:28: note: no fix-it: the declaration of 'y' cannot be rewritten
  return rank(x) + rank(y);
}

// An owning accessor on a variable: the temporary handle shares the tuple with
// `v`, which keeps it alive, so the element is borrowed from `v`
// (c10-ivalue-ref-accessor reports the accessor too; the two fixes compose).
std::int64_t throughOwningAccessor(const IValue &v) {
  IValue first = v.toTuple()->elements()[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'first' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const IValue& first = v.toTuple()->elements()[0];{{$}}
  return score(first);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
