// One decision per handle variable: a copy is either borrowed at its
// declaration (c10-refcounted-copy) or moved at its last use
// (c10-intrusive-ptr-move), never both, and never a borrow that could dangle.
// REQUIRES: c10-ivalue, aten-tensor
// RUN: %check_c10_tidy %s 'c10-refcounted-copy,c10-intrusive-ptr-move,c10-tuple-create-init-list' %t

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

std::int64_t rank(const at::Tensor &t) { return t.dim(); }

// A proven borrow wins over the move at the last use: one finding.
std::tuple<at::Tensor, std::int64_t> borrowBeatsMove(const TuplePtr &t, std::int64_t len) {
  auto out = t->elements()[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'out' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const auto& out = t->elements()[0].toTensor();{{$}}
  std::int64_t d = rank(out);
  return std::make_tuple(out, len + d);
}

// Two declarations of one shape get one finding each.
std::pair<at::Tensor, at::Tensor> symmetric(const TuplePtr &t) {
  auto first = t->elements()[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'first' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const auto& first = t->elements()[0].toTensor();{{$}}
  auto second = t->elements()[1].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'second' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const auto& second = t->elements()[1].toTensor();{{$}}
  return {first, second};
}

// The stack is popped while the copy lives: a reference would dangle. The
// element is moved out instead.
at::Tensor popped(std::vector<IValue> &stack) {
  IValue top = stack.back();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'stack.back()' is copied out of the container and removed right after; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  IValue top = std::move(stack.back());{{$}}
  stack.pop_back();
  return top.toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'top' is copied out through 'toTensor()' at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return std::move(top).toTensor();{{$}}
}

// Pushing to the vector may reallocate it: no borrow, and the copy is not
// at a last use into an owner either.
std::int64_t pushedTo(std::vector<at::Tensor> &tensors) {
  at::Tensor first = tensors[0];
  tensors.push_back(at::Tensor());
  return rank(first);
}

// A member of `*this` cannot be proven to outlive the copy; the copy's last
// use hands it to an owner, so the advice is the move.
struct Model {
  at::Tensor weight;
  std::vector<at::Tensor> collect() const {
    at::Tensor w = weight;
    std::vector<at::Tensor> out;
    out.push_back(w);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'w' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
    // CHECK-FIXES: {{^}}    out.push_back(std::move(w));{{$}}
    return out;
  }
};

// The braced list's rewrite already moves the elements: one finding.
IValue braced(at::Tensor a, at::Tensor b) {
  return c10::ivalue::Tuple::create({a, b});
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'Tuple::create' with a braced list {{.*}}[c10-tuple-create-init-list]
  // CHECK-FIXES: {{^}}  return c10::ivalue::Tuple::create(std::move(a), std::move(b));{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
