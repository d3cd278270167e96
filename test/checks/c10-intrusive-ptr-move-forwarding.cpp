// Last uses passed to a forwarding `Args&&...` parameter, braced
// initialisers and converting constructions: the callee builds an owner from
// the argument, so a move lets it take the reference over. Reported only
// where the constructor finally chosen takes the argument by value or `&&`.
// REQUIRES: c10-ivalue, aten-tensor
// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

using c10::IValue;

struct Holder : c10::intrusive_ptr_target {
  explicit Holder(at::Tensor t) : t(std::move(t)) {}
  at::Tensor t;
};

std::tuple<at::Tensor, IValue> makeTuple(at::Tensor a, IValue state) {
  return std::make_tuple(a, state);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'a' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-MESSAGES: :[[@LINE-2]]:29: warning: 'state' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return std::make_tuple(std::move(a), std::move(state));{{$}}
}

c10::intrusive_ptr<Holder> makeIntrusive(at::Tensor t) {
  return c10::make_intrusive<Holder>(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 't' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<Holder>(std::move(t));{{$}}
}

std::vector<IValue> emplace(at::Tensor t) {
  std::vector<IValue> v;
  v.emplace_back(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 't' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  v.emplace_back(std::move(t));{{$}}
  return v;
}

// `return {a, b};` picks std::pair's forwarding constructor.
at::Tensor fresh();
std::pair<at::Tensor, at::Tensor> bracedReturn() {
  at::Tensor a = fresh();
  at::Tensor b = fresh();
  return {a, b};
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'a' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: 'b' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return {std::move(a), std::move(b)};{{$}}
}

// A std::vector built from a braced list: each element is copied into the
// list's backing array first.
std::vector<at::Tensor> bracedVector(at::Tensor a, at::Tensor b) {
  return std::vector<at::Tensor>{a, b};
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'a' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-MESSAGES: :[[@LINE-2]]:37: warning: 'b' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return std::vector<at::Tensor>{std::move(a), std::move(b)};{{$}}
}

// Converting constructions: a Tensor becomes an IValue (taken by value).
IValue variadicCreate(at::Tensor h, at::Tensor c) {
  return c10::ivalue::Tuple::create(h, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'h' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-MESSAGES: :[[@LINE-2]]:40: warning: 'c' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return c10::ivalue::Tuple::create(std::move(h), std::move(c));{{$}}
}

void pushConverted(std::vector<IValue> &stack, at::Tensor t) {
  stack.push_back(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 't' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  stack.push_back(std::move(t));{{$}}
}

// --- Silent ------------------------------------------------------------------

// A forwarding function that copies its argument whatever it is given: a
// move would save nothing.
template <typename T> IValue copiesAnyway(T &&value) { return IValue(value); }
IValue noForward(at::Tensor t) { return copiesAnyway(t); }

// Used again after the call: not the last use.
std::int64_t usedAfter(at::Tensor t) {
  auto pair = std::make_tuple(t, 1);
  return t.dim() + std::get<1>(pair);
}

// In a loop body that repeats: not a last use.
std::vector<IValue> inLoop(at::Tensor t, int n) {
  std::vector<IValue> v;
  for (int i = 0; i < n; ++i)
    v.emplace_back(t);
  return v;
}

// Captured by reference: the lambda may read it later.
std::vector<IValue> captured(at::Tensor t) {
  auto read = [&t] { return t.dim(); };
  std::vector<IValue> v;
  v.emplace_back(t);
  v.emplace_back(read());
  return v;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
