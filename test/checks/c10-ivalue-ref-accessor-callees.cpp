// RUN: %check_c10_tidy %s c10-ivalue-ref-accessor %t
// REQUIRES: c10-ivalue
//
// A borrowed tuple read while user functions run: the advice holds when no
// function it calls can change the tuple, looked into through recursion and
// through a unique_ptr that only gives up its ownership. Silent where a
// callee may write what the reference reads.

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

using c10::IValue;

// --- A callee that copies into a fresh heap object -------------------------

struct Holder {
  std::vector<IValue> elements;
  std::vector<std::string> names;
};

template <class T> void *releasedCopy(const T &x) {
  return static_cast<void *>(std::make_unique<T>(x).release());
}

IValue &lookup(void *handle);

void *viaReleasedCopy(void *self) {
  IValue local = lookup(self);
  auto tuple = local.toTuple();
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'toTuple()' copies an intrusive_ptr: atomic refcount increment and decrement; use 'toTupleRef()' instead [c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  const auto& tuple = local.toTupleRef();{{$}}
  std::vector<std::string> names;
  return releasedCopy<Holder>({tuple->elements(), names});
  // CHECK-FIXES: {{^}}  return releasedCopy<Holder>({tuple.elements(), names});{{$}}
}

// Silent: reset() destroys what the unique_ptr owned, and the Holder's
// destructor is user code that may write the tuple through its pointer.
struct Resetter {
  IValue *target = nullptr;
  ~Resetter() {
    if (target)
      *target = IValue();
  }
};

std::size_t viaReset(IValue &v) {
  auto tuple = v.toTuple();
  auto owner = std::make_unique<Resetter>();
  owner->target = &v;
  std::size_t n = tuple->elements().size();
  owner.reset();
  return n + tuple->elements().size();
}

// --- Recursion through a helper that only reads ------------------------------

IValue convert(const IValue &v);

std::vector<IValue> convertAll(c10::ArrayRef<IValue> values) {
  std::vector<IValue> out;
  for (const IValue &v : values)
    out.push_back(convert(v));
  return out;
}

IValue convert(const IValue &v) {
  if (v.isTuple()) {
    auto tup = v.toTuple();
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'toTuple()' copies an intrusive_ptr
    // CHECK-FIXES: {{^}}    const auto& tup = v.toTupleRef();{{$}}
    return c10::ivalue::Tuple::create(convertAll(tup->elements()));
    // CHECK-FIXES: {{^}}    return c10::ivalue::Tuple::create(convertAll(tup.elements()));{{$}}
  }
  return v;
}

// Silent: the same recursion, but the helper writes through the reference it
// is given, and the tuple read may be the one it writes.
IValue rewrite(IValue &v);

void rewriteAll(std::vector<IValue> &values, IValue &root) {
  for (IValue &v : values)
    v = rewrite(v);
  root = IValue();
}

IValue rewrite(IValue &v) {
  if (v.isTuple()) {
    auto tup = v.toTuple();
    std::vector<IValue> copies = tup->elements().vec();
    rewriteAll(copies, v);
    return c10::ivalue::Tuple::create(tup->elements().vec());
  }
  return v;
}

// Silent: the helper of the recursion replaces the IValue that holds the
// tuple while its elements are read (a reference would dangle).
IValue root;

IValue resetting(const IValue &v);

std::vector<IValue> resettingAll(c10::ArrayRef<IValue> values) {
  std::vector<IValue> out;
  for (const IValue &v : values) {
    out.push_back(resetting(v));
    root = IValue();
  }
  return out;
}

IValue resetting(const IValue &v) {
  if (v.isTuple()) {
    auto tup = v.toTuple();
    return c10::ivalue::Tuple::create(resettingAll(tup->elements()));
  }
  return v;
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
