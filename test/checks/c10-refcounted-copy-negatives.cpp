// RUN: %check_c10_tidy %s c10-refcounted-copy %t
// REQUIRES: c10-ivalue, aten-tensor
//
// Copies that need their ownership, copies that are not made from a borrowed
// reference, and copies performance-unnecessary-copy-initialization reports:
// no diagnostic, file unchanged.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

std::int64_t rank(const at::Tensor &t);
std::int64_t score(const IValue &v);
void consume(IValue &&v);
void keep(at::Tensor *t);
void mutate(at::Tensor &t);
std::vector<std::function<std::int64_t()>> &callbacks();

struct Holder {
  at::Tensor weight;
  TuplePtr meta;
};

// --- The copy needs its ownership ---------------------------------------------

IValue returned(const TuplePtr &t) {
  IValue first = t->elements()[0];
  return first;
}

void movedFrom(const Holder &h, IValue v) {
  IValue first = v.toTupleRef().elements()[0];
  consume(std::move(first));
  (void)h;
}

std::int64_t modified(const Holder &h) {
  at::Tensor w = h.weight;
  w = at::Tensor();
  return rank(w);
}

void passedByNonConstReference(const Holder &h) {
  at::Tensor w = h.weight;
  mutate(w);
}

void addressEscapes(const Holder &h) {
  at::Tensor w = h.weight;
  keep(&w);
}

void capturedByValueOutlives(const Holder &h) {
  at::Tensor w = h.weight;
  callbacks().push_back([w] { return rank(w); });
}

void capturedImplicitlyByValue(const Holder &h) {
  at::Tensor w = h.weight;
  callbacks().push_back([=] { return rank(w); });
}

// Unused: may keep the tensor alive on purpose while the holder changes.
void keepAlive(Holder &h) {
  at::Tensor keep = h.weight;
  h.weight = at::Tensor();
}

// --- Not a copy from a borrowed reference ------------------------------------------

std::int64_t fromTemporary(const IValue &v) {
  // A value returned by a function is moved, not copied.
  at::Tensor t = std::move(const_cast<IValue &>(v)).toTensor();
  return rank(t);
}

// A handle of its own that only the temporary holds: nothing to borrow from.
TuplePtr makeTuple();
std::int64_t fromOwnTemporary() {
  IValue first = makeTuple()->elements()[0];
  return score(first);
}

std::int64_t fromValue() {
  IValue constructed(at::Tensor{});
  TuplePtr made = c10::ivalue::Tuple::create(IValue(1), IValue(2));
  return score(constructed) + static_cast<std::int64_t>(made->elements().size());
}

// Not of a listed type (std::vector copies are another check's business).
std::int64_t otherTypes(const std::vector<std::int64_t> &sizes) {
  std::vector<std::int64_t> copy = sizes;
  return static_cast<std::int64_t>(copy.size());
}

// Range-for copies are performance-for-range-copy's.
std::int64_t rangeForCopy(const std::vector<at::Tensor> &tensors) {
  std::int64_t n = 0;
  for (at::Tensor t : tensors)
    n += rank(t);
  return n;
}

// --- Reported by performance-unnecessary-copy-initialization -------------------------
// (c10-refcounted-copy-upstream.cpp runs both checks on the same shapes.)

std::int64_t upstreamShapes(const IValue &v, IValue &w, const std::vector<at::Tensor> &ts,
                            std::vector<IValue> &stack, const at::Tensor &param) {
  auto a = v.toTensor();            // method returning a const reference, on a parameter
  auto b = w.toTensor();            // non-const accessor with a const overload
  at::Tensor c = ts[0];             // operator[] on a container parameter
  IValue d = stack.back();          // back() on a container that is not changed
  at::Tensor e = param;             // a copy of a variable
  return rank(a) + rank(b) + rank(c) + score(d) + rank(e);
}

// A copy of a global variable: often a deliberate snapshot.
at::Tensor globalTensor;
std::int64_t snapshotOfGlobal() {
  at::Tensor snapshot = globalTensor;
  return rank(snapshot);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
