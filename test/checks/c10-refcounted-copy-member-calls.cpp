// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy %s c10-refcounted-copy %t
// REQUIRES: c10-ivalue, aten-tensor
//
// A member function of the class itself, called while the reference would
// live: its body is looked into like any other user function's, and what it
// writes through `this` is judged there. A class that merely holds a tensor
// does not make every non-const member function a write; one whose body
// writes a member the source may be (or may hold), a virtual one, or one
// whose body is not visible, still does.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstdint>

using c10::IValue;
std::int64_t rank(const at::Tensor &t);

struct Scorer {
  at::Tensor cache_;
  IValue held_;
  std::int64_t calls_ = 0;

  // Non-const, changes only a counter.
  std::int64_t score(const at::Tensor &t) {
    ++calls_;
    return rank(t);
  }
  // Calls another member function that changes only the counter.
  std::int64_t scoreTwice(const at::Tensor &t) { return score(t) + score(t); }
  // Writes a tensor member.
  std::int64_t keep(const at::Tensor &t) {
    cache_ = t;
    return rank(t);
  }
  // Replaces an IValue member, which a reference parameter may be.
  std::int64_t forget() {
    held_ = IValue();
    return 0;
  }
  virtual std::int64_t hook(const at::Tensor &t);
  std::int64_t declared(const at::Tensor &t);

  std::int64_t fromByValue(IValue out) {
    at::Tensor probs = out.toTupleRef().elements()[0].toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'probs' copies a refcounted 'at::Tensor' (an atomic increment and decrement) from a borrowed reference but is only read; bind a const reference instead [c10-refcounted-copy]
    // CHECK-FIXES: {{^}}    const at::Tensor& probs = out.toTupleRef().elements()[0].toTensor();{{$}}
    return score(probs);
  }

  std::int64_t fromReference(const IValue &out) {
    at::Tensor probs = out.toTupleRef().elements()[1].toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'probs' copies a refcounted 'at::Tensor'
    // CHECK-FIXES: {{^}}    const at::Tensor& probs = out.toTupleRef().elements()[1].toTensor();{{$}}
    return scoreTwice(probs) + scoreTwice(probs);
  }

  // --- Silent ------------------------------------------------------------------

  std::int64_t keptInMember(IValue out) {
    at::Tensor probs = out.toTupleRef().elements()[0].toTensor();
    return keep(probs) + rank(probs);
  }

  // `out` may be `held_` itself: forget() may destroy the tuple.
  std::int64_t memberReset(const IValue &out) {
    at::Tensor probs = out.toTupleRef().elements()[0].toTensor();
    forget();
    return rank(probs);
  }

  std::int64_t virtualCall(IValue out) {
    at::Tensor probs = out.toTupleRef().elements()[0].toTensor();
    return hook(probs) + rank(probs);
  }

  std::int64_t bodyNotVisible(const IValue &out) {
    at::Tensor probs = out.toTupleRef().elements()[0].toTensor();
    return declared(probs) + rank(probs);
  }
};
