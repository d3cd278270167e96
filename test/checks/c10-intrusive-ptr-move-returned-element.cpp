// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: c10-ivalue, aten-tensor
//
// A return statement copies anything but a plain name: `return outs[0];`
// and `return out.toTensor();` initialise the returned handle from an
// lvalue, which the language does not move. At the element's (or the
// variable's) last read that copy is a sink like any other owner; `return x;`
// of a local is moved by the language and needs nothing.

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>
#include <utility>
#include <vector>

using c10::IValue;

std::vector<at::Tensor> split(at::Tensor x);
void consume(at::Tensor t);
IValue produce();

at::Tensor firstOf(at::Tensor x) {
  auto outs = split(std::move(x));
  return outs[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'outs[0]' is copied at the last use of 'outs'; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return std::move(outs[0]);{{$}}
}

at::Tensor secondAfterFirst(at::Tensor x) {
  auto outs = split(std::move(x));
  consume(outs[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'outs[0]' is copied where it is read for the last time
  // CHECK-FIXES: {{^}}  consume(std::move(outs[0]));{{$}}
  return outs[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'outs[1]' is copied at the last use of 'outs'
  // CHECK-FIXES: {{^}}  return std::move(outs[1]);{{$}}
}

IValue boxedFirst(at::Tensor x) {
  auto outs = split(std::move(x));
  // The conversion to IValue takes the tensor by value: the element is
  // copied into it.
  return outs.at(0);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'outs.at(0)' is copied at the last use of 'outs'
  // CHECK-FIXES: {{^}}  return std::move(outs.at(0));{{$}}
}

at::Tensor unboxed() {
  IValue out = produce();
  return out.toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'out' is copied out through 'toTensor()' at its last use; call it on 'std::move(out)' to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return std::move(out).toTensor();{{$}}
}

// --- Look-alikes that stay silent --------------------------------------------

at::Tensor plainName(at::Tensor x) {
  auto outs = split(std::move(x));
  at::Tensor first = std::move(outs[0]);
  // No finding: a returned name is moved by the language.
  return first;
}

const at::Tensor &intoStorage(std::vector<at::Tensor> &kept) {
  // No finding: a reference is returned, nothing is copied.
  return kept[0];
}

at::Tensor fromReferenceParameter(std::vector<at::Tensor> &pieces) {
  // No finding: the caller's container keeps its element.
  return pieces[0];
}

std::pair<at::Tensor, at::Tensor> bothAtOnce(at::Tensor x) {
  auto outs = split(std::move(x));
  // Two elements at different constant indices, neither read again.
  return {outs[0], outs[1]};
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'outs[0]' is copied where it is read for the last time
  // CHECK-MESSAGES: :[[@LINE-2]]:20: warning: 'outs[1]' is copied where it is read for the last time
  // CHECK-FIXES: return {std::move(outs[0]), std::move(outs[1])};
}

at::Tensor referenceTaken(at::Tensor x) {
  auto outs = split(std::move(x));
  at::Tensor &second = outs[1];
  consume(second);
  // No finding: a reference into the container is taken in the function.
  return outs[0];
}

at::Tensor readInLambda(at::Tensor x) {
  auto outs = split(std::move(x));
  auto second = [&] { return outs[1]; };
  consume(second());
  // No finding: the container is named in a lambda.
  return outs[0];
}

at::Tensor accessorOfMember(const IValue &held) {
  // No finding: a reference parameter is not the function's to move.
  return held.toTensor();
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
