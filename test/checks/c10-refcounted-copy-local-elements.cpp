// RUN: %check_c10_tidy %s 'c10-refcounted-copy,c10-intrusive-ptr-move,c10-tuple-elements-copy' %t
// REQUIRES: c10-ivalue, aten-tensor
//
// Copies out of a local copy of a tuple's elements, and a handle copied into an
// IValue and handed on through the non-const toTensor(). Both were misses of an
// early evaluation (the non-const operator[] of the local and the non-const
// toTensor() bound to a forwarding parameter were read as writes); each is now
// one finding per saving, from the check that owns the shape.

#include <ATen/core/ivalue.h>
#include <ATen/core/Dict.h>
#include <string>
#include <tuple>
#include <vector>

void use(const at::Tensor &);

// An owned copy of a tuple's elements, never changed: the element copies out of
// it are borrows of a local that outlives them.
void fromLocalElements(const c10::IValue &v) {
  auto outs = v.toTupleRef().elements();
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: the copy of 'v.toTupleRef().elements()' copies every element {{.*}} [c10-tuple-elements-copy]
// CHECK-FIXES: const auto& outs = v.toTupleRef().elements();
  auto a = outs[0].toTensor();
// CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'a' copies a refcounted 'at::Tensor' {{.*}} [c10-refcounted-copy]
// CHECK-FIXES: const auto& a = outs[0].toTensor();
  auto b = outs[1].toTensor();
// CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'b' copies a refcounted 'at::Tensor' {{.*}} [c10-refcounted-copy]
// CHECK-FIXES: const auto& b = outs[1].toTensor();
  use(a);
  use(b);
}

// The local is overwritten while the copy lives: the copy keeps the old element.
void localElementsOverwritten(const c10::IValue &v, const c10::IValue &w) {
  auto outs = v.toTupleRef().elements();
  auto a = outs[0].toTensor();
  outs[0] = w;
  use(a);
}

// The local is moved from while the copy lives.
std::vector<c10::IValue> localElementsMoved(const c10::IValue &v) {
  auto outs = v.toTupleRef().elements().vec();
  auto a = outs[0].toTensor();
  std::vector<c10::IValue> taken = std::move(outs);
  use(a);
  return taken;
}

// The element of a vector reached through a pointer, copied into an IValue and
// handed on through the non-const toTensor(): the handle is moved at its last use.
void intoDict(const std::vector<c10::IValue> *p, size_t i,
              c10::Dict<std::string, at::Tensor> &dict) {
  c10::IValue v = (*p)[i];
  dict.insert("k", v.toTensor());
// CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'v' is copied out through 'toTensor()' at its last use{{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: dict.insert("k", std::move(v).toTensor());
}

void intoVector(const std::vector<c10::IValue> *p, size_t i,
                std::vector<at::Tensor> &out) {
  c10::IValue v = (*p)[i];
  out.emplace_back(v.toTensor());
// CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'v' is copied out through 'toTensor()' at its last use{{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: out.emplace_back(std::move(v).toTensor());
}

std::tuple<at::Tensor, int> intoTuple(const std::vector<c10::IValue> *p, size_t i) {
  c10::IValue v = (*p)[i];
  return std::make_tuple(v.toTensor(), 1);
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'v' is copied out through 'toTensor()' at its last use{{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: return std::make_tuple(std::move(v).toTensor(), 1);
}

// An in-place operation through the non-const toTensor(): the copy is not only
// read, and the temporary handle is not kept, so a move saves nothing: silent.
void inPlace(const std::vector<c10::IValue> *p, size_t i) {
  c10::IValue v = (*p)[i];
  v.toTensor().add_(1);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
