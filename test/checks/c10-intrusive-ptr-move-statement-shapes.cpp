// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: c10-ivalue
//
// Shapes of real code: a container filled by a loop or an `if` whose body is
// a single statement without braces, then handed on at its last use; and
// `x = f(x)`, where C++17 evaluates the right side (and so the copy into
// f's parameter) before it assigns x.

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <vector>
// CHECK-FIXES: {{^}}#include <utility>{{$}}

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

TuplePtr keep(TuplePtr t);
at::Tensor twice(at::Tensor t);
at::Tensor both(const at::Tensor &a, const at::Tensor &b);

IValue loopFilled(int k) {
  std::vector<IValue> elems;
  for (int i = 0; i < k; ++i)
    elems.emplace_back(i);
  return c10::ivalue::Tuple::create(elems);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'elems' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return c10::ivalue::Tuple::create(std::move(elems));{{$}}
}

IValue conditionallyFilled(int k) {
  std::vector<IValue> elems;
  if (k > 0)
    elems.emplace_back(k);
  else
    elems.emplace_back(-k);
  return c10::ivalue::Tuple::create(elems);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'elems' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return c10::ivalue::Tuple::create(std::move(elems));{{$}}
}

IValue whileFilled(int k) {
  std::vector<IValue> elems;
  while (k-- > 0)
    elems.push_back(IValue(k));
  return c10::ivalue::Tuple::create(elems);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'elems' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return c10::ivalue::Tuple::create(std::move(elems));{{$}}
}

// A reference kept from the body of the loop: the vector is read through it
// after the move would have emptied it.
std::size_t referenceKeptInLoop(int k, std::vector<IValue> &out) {
  std::vector<IValue> elems;
  const IValue *last = nullptr;
  for (int i = 0; i < k; ++i)
    last = &elems.emplace_back(i);
  out.push_back(c10::ivalue::Tuple::create(elems));
  return last ? static_cast<std::size_t>(last->toInt()) : 0u;
}

void reassignedFromItself(TuplePtr t) {
  t = keep(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 't' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  t = keep(std::move(t));{{$}}
  (void)t;
}

at::Tensor tensorReassignedFromItself(at::Tensor x) {
  x = twice(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'x' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  x = twice(std::move(x));{{$}}
  return x;
}

// Look-alikes that stay silent: x is read again on the right side, the
// assignment goes to a member of x, or to another variable.
at::Tensor readAgainOnTheRight(at::Tensor x) {
  x = both(twice(x), x);
  return x;
}

// Silent: the right side is the variable itself, not a new object made from
// it. `v = std::move(v)` is a self-move-assignment, which leaves a
// std::vector empty; a call returning a reference may hand its argument back.
std::vector<IValue> assignedItself(std::vector<IValue> v) {
  v = v;
  return v;
}

at::Tensor assignedOneOfTwo(at::Tensor x, const at::Tensor &y, bool first) {
  x = first ? x : y;
  return x;
}

const std::vector<IValue> &pick(const std::vector<IValue> &v);
std::vector<IValue> &&pick(std::vector<IValue> &&v);
std::vector<IValue> assignedThroughAReference(std::vector<IValue> v) {
  v = pick(v);
  return v;
}

struct Holder {
  TuplePtr t;
};
void assignedToAMember(Holder h) {
  h.t = keep(h.t);
  (void)h;
}

TuplePtr assignedToAnother(TuplePtr t, TuplePtr u) {
  u = keep(t);
  return t;
}

// A value read from the tensor before its last use (a Device, a ScalarType)
// holds no pointer into it: the move stays safe.
void afterValueAccessors(const at::Tensor &in, at::Tensor &out) {
  at::Tensor t = twice(in);
  auto device = t.device();
  auto type = t.scalar_type();
  out = t;
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 't' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  out = std::move(t);{{$}}
  (void)device;
  (void)type;
}

// Silent: the sizes are a view into the tensor, read after the move.
std::int64_t afterAView(const at::Tensor &in, at::Tensor &out) {
  at::Tensor t = twice(in);
  auto sizes = t.sizes();
  out = t;
  return sizes[0];
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
