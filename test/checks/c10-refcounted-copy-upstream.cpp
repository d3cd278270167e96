// RUN: %check_c10_tidy %s 'c10-refcounted-copy,performance-unnecessary-copy-initialization' %t
// REQUIRES: c10-ivalue, aten-tensor
//
// Both checks on the same copies: every copy is reported by exactly one of
// them (any second warning on a line fails the test), so users enable both.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstdint>
#include <vector>

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

std::int64_t rank(const at::Tensor &t);
std::int64_t score(const IValue &v);

struct Holder {
  at::Tensor weight;
};

// performance-unnecessary-copy-initialization: a reference-returning method
// called on a variable that is only read, or a copy of a variable.
std::int64_t upstream(const IValue &v, IValue &w, std::vector<at::Tensor> &ts,
                      const at::Tensor &param) {
  auto a = v.toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: the variable 'a' {{.*}}[performance-unnecessary-copy-initialization]
  // CHECK-FIXES: {{^}}  const auto& a = v.toTensor();{{$}}
  auto b = w.toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: the variable 'b' {{.*}}[performance-unnecessary-copy-initialization]
  // CHECK-FIXES: {{^}}  const auto& b = w.toTensor();{{$}}
  at::Tensor c = ts[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: the variable 'c' {{.*}}[performance-unnecessary-copy-initialization]
  // CHECK-FIXES: {{^}}  const at::Tensor& c = ts[0];{{$}}
  at::Tensor d = param;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: local copy 'd' {{.*}}[performance-unnecessary-copy-initialization]
  return rank(a) + rank(b) + rank(c) + rank(d);
}

// c10-refcounted-copy: chains, members, elements of range-for variables.
std::int64_t ours(const IValue &v, const TuplePtr &t, const Holder &h,
                  const std::vector<IValue> &outputs) {
  IValue first = t->elements()[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'first' copies a refcounted 'c10::IValue' {{.*}}[c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const IValue& first = t->elements()[0];{{$}}
  at::Tensor e = v.toTupleRef().elements()[1].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'e' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const at::Tensor& e = v.toTupleRef().elements()[1].toTensor();{{$}}
  auto w = h.weight;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'w' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const auto& w = h.weight;{{$}}
  std::int64_t n = score(first) + rank(e) + rank(w);
  for (const IValue &out : outputs) {
    at::Tensor logits = out.toTupleRef().elements()[0].toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'logits' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
    // CHECK-FIXES: {{^}}    const at::Tensor& logits = out.toTupleRef().elements()[0].toTensor();{{$}}
    // A method on the loop variable: upstream follows it to the iterator.
    at::Tensor direct = out.toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: the variable 'direct' {{.*}}[performance-unnecessary-copy-initialization]
    // CHECK-FIXES: {{^}}    const at::Tensor& direct = out.toTensor();{{$}}
    n += rank(logits) + rank(direct);
  }
  return n;
}

// A container that is changed: upstream stays silent, this check warns
// without a fix-it.
std::int64_t changed(std::vector<IValue> &stack) {
  IValue top = stack.back();
  // Silent: the source changes while the copy lives, so a reference would dangle.
  stack.pop_back();
  return score(top);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
