// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: aten-tensor
//
// `for (auto& t : outs)` binds `t` to each element of `outs` in turn, once.
// When nothing reads `outs` once the loop has begun -- a local or by-value
// parameter not named in the loop or after it, or a temporary the loop owns
// -- each element copied at `t`'s last use in the iteration can be moved
// out. A `const` reference is reported without a fix-it: it has to become
// `auto&` first.

#include <ATen/ATen.h>
#include <utility>
#include <vector>

std::vector<at::Tensor> compute();
void sink(at::Tensor t);
int64_t seen = 0;
void look(const at::Tensor &t) { seen += t.dim(); }

void pushEach(std::vector<at::Tensor> &stack) {
  std::vector<at::Tensor> outs = compute();
  for (auto &t : outs)
    stack.push_back(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 't' is copied at its last use and refers to an element of 'outs', which nothing reads once the loop has begun
  // CHECK-FIXES: {{^}}    stack.push_back(std::move(t));{{$}}
}

void byValueParameter(std::vector<at::Tensor> outs, std::vector<at::Tensor> &stack) {
  for (at::Tensor &t : outs) {
    look(t);
    stack.emplace_back(t);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 't' is copied at its last use and refers to an element of 'outs'
    // CHECK-FIXES: {{^}}    stack.emplace_back(std::move(t));{{$}}
  }
}

void temporaryRange() {
  for (auto &t : compute())
    sink(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 't' is copied at its last use and refers to an element of the loop's temporary range
  // CHECK-FIXES: {{^}}    sink(std::move(t));{{$}}
}

void constReference(std::vector<at::Tensor> &stack) {
  std::vector<at::Tensor> outs = compute();
  for (const auto &t : outs)
    stack.push_back(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 't' is copied at its last use and refers to an element of 'outs'
  // CHECK-MESSAGES: :[[@LINE-2]]:21: note: no fix-it: bind 't' as a non-const reference ('auto&') to move the element
}

void usedBeforeTheLoop(std::vector<at::Tensor> &stack) {
  std::vector<at::Tensor> outs = compute();
  look(outs.front());
  for (auto &t : outs)
    stack.push_back(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 't' is copied at its last use and refers to an element of 'outs'
  // CHECK-FIXES: {{^}}    stack.push_back(std::move(t));{{$}}
}

// A copy into a variable: moved here (beside
// performance-unnecessary-copy-initialization, which advises a reference for
// `copy`, this check steps back: c10-intrusive-ptr-move-range-for-upstream.cpp).
void copiedIntoAVariable() {
  std::vector<at::Tensor> outs = compute();
  for (auto &t : outs) {
    at::Tensor copy = t;
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 't' is copied at its last use and refers to an element of 'outs'
    // CHECK-FIXES: {{^}}    at::Tensor copy = std::move(t);{{$}}
    look(copy);
  }
}

// Must stay silent.

void readAfterTheLoop(std::vector<at::Tensor> &stack) {
  std::vector<at::Tensor> outs = compute();
  for (auto &t : outs)
    stack.push_back(t);
  look(outs[0]);
}

void readInTheLoop(std::vector<at::Tensor> &stack) {
  std::vector<at::Tensor> outs = compute();
  for (auto &t : outs) {
    stack.push_back(t);
    look(outs.front());
  }
}

void elementReadAgain(std::vector<at::Tensor> &stack) {
  std::vector<at::Tensor> outs = compute();
  for (auto &t : outs) {
    stack.push_back(t);
    look(t);
  }
}

void loopRunsAgain(std::vector<at::Tensor> &stack, int rounds) {
  std::vector<at::Tensor> outs = compute();
  for (int r = 0; r < rounds; ++r)
    for (auto &t : outs)
      stack.push_back(t);
}

void referenceParameter(const std::vector<at::Tensor> &outs, std::vector<at::Tensor> &stack) {
  for (auto &t : outs)
    stack.push_back(t);
}

void nonConstReferenceParameter(std::vector<at::Tensor> &outs, std::vector<at::Tensor> &stack) {
  for (auto &t : outs)
    stack.push_back(t);
}

struct Holder {
  std::vector<at::Tensor> outs;
  void drain(std::vector<at::Tensor> &stack) {
    for (auto &t : outs)
      stack.push_back(t);
  }
};

void movedRange(std::vector<at::Tensor> &stack) {
  std::vector<at::Tensor> outs = compute();
  for (auto &t : std::move(outs))
    stack.push_back(t);
}

void aliasReadAfter(std::vector<at::Tensor> &stack) {
  std::vector<at::Tensor> outs = compute();
  auto &same = outs;
  for (auto &t : outs)
    stack.push_back(t);
  look(same[0]);
}

void elementAddressKept(std::vector<const at::Tensor *> &kept, std::vector<at::Tensor> &stack) {
  std::vector<at::Tensor> outs = compute();
  for (auto &t : outs) {
    kept.push_back(&t);
    stack.push_back(t);
  }
}

void handlerReads(std::vector<at::Tensor> &stack) {
  std::vector<at::Tensor> outs = compute();
  try {
    for (auto &t : outs)
      stack.push_back(t);
  } catch (...) {
    look(outs[0]);
  }
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
