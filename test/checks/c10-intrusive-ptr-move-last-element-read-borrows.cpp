// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy %s 'c10-refcounted-copy,c10-intrusive-ptr-move,c10-tuple-elements-copy' %t
// REQUIRES: c10-ivalue, aten-tensor
//
// One finding per saving: an element is not moved out of a container that
// c10-tuple-elements-copy advises to bind as a reference, nor into a variable
// that c10-refcounted-copy advises to bind as one. The move stays where no
// borrow is possible: a tuple owned by a temporary, a copy assigned to a
// member.

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <utility>
#include <vector>

using c10::IValue;

IValue produce();

struct Decoder {
  at::Tensor encoded;
  at::Tensor cache;

  // A named IValue keeps the tuple alive: the copy of its elements is the
  // finding, and moving out of that copy would contradict it.
  void namedOwner(const IValue &out) {
    auto outs = out.toTuple()->elements();
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: the copy of 'out.toTuple()->elements()' copies every element
    // CHECK-FIXES: {{^}}    const auto& outs = out.toTuple()->elements();{{$}}
    // CHECK-FIXES: {{^}}    encoded = outs[0].toTensor();{{$}}
    encoded = outs[0].toTensor();
    cache = outs[1].toTensor();
  }

  // Only a temporary owns the tuple: the copy stays, its elements are moved.
  void temporaryOwner() {
    auto outs = produce().toTuple()->elements();
    encoded = outs[0].toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'outs[0]' is copied out through 'toTensor()' where it is read for the last time
    // CHECK-FIXES: {{^}}    encoded = std::move(outs[0]).toTensor();{{$}}
    cache = outs[1].toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'outs[1]' is copied out through 'toTensor()' at the last use of 'outs'
    // CHECK-FIXES: {{^}}    cache = std::move(outs[1]).toTensor();{{$}}
  }
};

// The copy's variable is only read and borrowed: no move into it.
std::int64_t borrowedInstead() {
  auto outs = produce().toTuple()->elements();
  at::Tensor a = outs[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'a' copies a refcounted 'at::Tensor'
  // CHECK-FIXES: {{^}}  const at::Tensor& a = outs[0].toTensor();{{$}}
  at::Tensor b = outs[1].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'b' copies a refcounted 'at::Tensor'
  // CHECK-FIXES: {{^}}  const at::Tensor& b = outs[1].toTensor();{{$}}
  return a.dim() + b.dim();
}
