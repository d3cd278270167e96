// performance-unnecessary-copy-initialization beside ours, on a copy taken
// from a local container that is read through a chain of accessors with
// const overloads (`elements[0].toTensor()`). Upstream counts such a chain as
// a read of the container when its result is only read, and advises binding
// a reference; c10-intrusive-ptr-move must then leave the variable alone (both
// applied: a std::move of a const reference). Where the chain writes into the
// container, upstream declines and the move is ours.
// REQUIRES: c10-ivalue, aten-tensor
// RUN: %check_c10_tidy %s 'c10-intrusive-ptr-move,c10-refcounted-copy,performance-unnecessary-copy-initialization' %t

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstdint>
#include <utility>
#include <vector>

using c10::IValue;

struct Utterance {
  IValue state;
  std::vector<std::int64_t> tokens;
};

std::vector<IValue> forward(const IValue &state);
void greedy(const at::Tensor &logits, std::vector<std::int64_t> &tokens);

// The shape of a streaming decoder's step: the new state is read out of the
// model's outputs after the logits.
void step(Utterance &u) {
  std::vector<IValue> elements = forward(u.state);
  at::Tensor logits = elements[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'logits' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const at::Tensor& logits = elements[0].toTensor();{{$}}
  IValue next = elements[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: the variable 'next'{{( of type .*)?}} is copy-constructed from a const reference but is only used as const reference; consider making it a const reference [performance-unnecessary-copy-initialization]
  // CHECK-FIXES: {{^}}  const IValue& next = elements[1];{{$}}
  u.state = next;
  // CHECK-FIXES: {{^}}  u.state = next;{{$}}
  greedy(logits, u.tokens);
}

// A discarded accessor chain reads too.
void discarded(Utterance &u) {
  std::vector<IValue> elements = forward(u.state);
  elements.back().toTensor();
  IValue next = elements[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: the variable 'next'{{( of type .*)?}} is copy-constructed from a const reference but is only used as const reference; consider making it a const reference [performance-unnecessary-copy-initialization]
  // CHECK-FIXES: {{^}}  const IValue& next = elements[1];{{$}}
  u.state = next;
  // CHECK-FIXES: {{^}}  u.state = next;{{$}}
}

// Written through the accessor: upstream declines, the move is ours.
void written(Utterance &u) {
  std::vector<IValue> elements = forward(u.state);
  elements[0] = IValue(5);
  IValue next = elements[1];
  // Element 1 is never read again either: a second saving, the copy into 'next'.
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: 'elements[1]' is copied at the last use of 'elements'{{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  IValue next = std::move(elements[1]);{{$}}
  u.state = next;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'next' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  u.state = std::move(next);{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
