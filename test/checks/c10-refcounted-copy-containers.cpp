// RUN: %check_c10_tidy %s c10-refcounted-copy %t
// RUN: %check_c10_tidy -check-suffix=UPSTREAM %s 'c10-refcounted-copy,performance-unnecessary-copy-initialization' %t-upstream
// REQUIRES: c10-ivalue, aten-tensor
//
// A copy of a std::vector (or std::deque) of handles allocates its storage
// and copies every handle in it: an atomic increment per tensor, and the
// decrements and the free when the copy dies. Where the vector is read from
// something that stays alive and unchanged (a member, an element of a map
// reached through a range-for reference) and the copy is only read, a const
// reference is the same program. The borrow is proven as for a single
// handle; copies performance-unnecessary-copy-initialization reports (of a
// variable, of a method returning a reference) stay its own.

#include <ATen/core/ivalue.h>
#include <ATen/core/List.h>
#include <ATen/core/Tensor.h>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

using c10::IValue;

int64_t rank(const at::Tensor &t);
int64_t score(const IValue &v);
void keepAll(std::vector<at::Tensor> ts);
void rewrite(std::vector<at::Tensor> &ts);

struct Batch {
  std::vector<at::Tensor> tensors;
  std::vector<std::vector<IValue>> inputs;
  std::deque<IValue> queue;
  std::vector<int64_t> sizes;
  const std::vector<at::Tensor> &tensorsRef() const { return tensors; }
};

int64_t memberThroughConstRef(const Batch &b) {
  std::vector<at::Tensor> ts = b.tensors;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'ts' copies a 'std::vector<at::Tensor>' of refcounted handles (an allocation, and an atomic increment and decrement per handle) from a borrowed reference but is only read; bind a const reference instead [c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const std::vector<at::Tensor>& ts = b.tensors;{{$}}
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-3]]:27: warning: 'ts' copies a 'std::vector<at::Tensor>'
  // CHECK-FIXES-UPSTREAM: {{^}}  const std::vector<at::Tensor>& ts = b.tensors;{{$}}
  int64_t s = 0;
  for (const at::Tensor &t : ts)
    s += rank(t);
  return s + static_cast<int64_t>(ts.size());
}

// The shape seen in a model runner: the vector of inputs is copied out of an
// entry of a local map, then only iterated.
int64_t nestedFromMapEntry(std::map<std::string, std::vector<std::vector<IValue>>> bundles) {
  int64_t s = 0;
  for (auto &entry : bundles) {
    std::vector<std::vector<IValue>> inputs = entry.second;
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'inputs' copies a 'std::vector<std::vector<c10::IValue>>' of refcounted handles
    // CHECK-FIXES: {{^}}    const std::vector<std::vector<IValue>>& inputs = entry.second;{{$}}
    // CHECK-MESSAGES-UPSTREAM: :[[@LINE-3]]:38: warning: 'inputs' copies a 'std::vector<std::vector<c10::IValue>>'
    for (const std::vector<IValue> &input : inputs)
      for (const IValue &v : input)
        s += score(v);
  }
  return s;
}

int64_t dequeThroughPointer(const Batch *b) {
  auto q = b->queue;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'q' copies a 'std::deque<c10::IValue>' of refcounted handles
  // CHECK-FIXES: {{^}}  const auto& q = b->queue;{{$}}
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-3]]:8: warning: 'q' copies a 'std::deque<c10::IValue>'
  return q.empty() ? 0 : score(q.front());
}

int64_t elementOfParameter(std::vector<std::vector<at::Tensor>> groups) {
  std::vector<at::Tensor> first = groups[0];
  // A subscript of a variable is performance-unnecessary-copy-initialization's
  // shape: this check leaves it to the upstream check, enabled or not.
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-3]]:27: warning: {{.*}}'first'{{.*}}[performance-unnecessary-copy-initialization]
  int64_t s = 0;
  for (std::size_t i = 0; i < first.size(); ++i)
    s += rank(first[i]);
  return s;
}

// Handed to a by-value parameter, the borrowed vector is copied once, at
// the call, instead of twice.
int64_t passedByValue(const Batch &b) {
  std::vector<at::Tensor> ts = b.tensors;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'ts' copies a 'std::vector<at::Tensor>' of refcounted handles
  // CHECK-FIXES: {{^}}  const std::vector<at::Tensor>& ts = b.tensors;{{$}}
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-3]]:27: warning: 'ts' copies a 'std::vector<at::Tensor>'
  keepAll(ts);
  return static_cast<int64_t>(ts.size());
}

// Iterated by a non-const reference that is only read: the advice holds,
// but the loop variable must become a const reference too, which the
// fix-it does not do.
int64_t iteratedByNonConstReference(const Batch &b) {
  std::vector<at::Tensor> ts = b.tensors;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'ts' copies a 'std::vector<at::Tensor>' of refcounted handles
  // CHECK-MESSAGES: :[[@LINE-2]]:27: note: no fix-it: the loop variable 't' binds a non-const reference to an element of 'ts' (make it const); bind the const reference where the code does not depend on the variable's type
  // CHECK-FIXES: {{^}}  std::vector<at::Tensor> ts = b.tensors;{{$}}
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-4]]:27: warning: 'ts' copies a 'std::vector<at::Tensor>'
  int64_t s = 0;
  for (at::Tensor &t : ts)
    s += rank(t);
  return s;
}

// `auto&` deduces a const reference from the borrowed vector, which the
// loop's body does not notice...
int64_t iteratedByAutoReference(const Batch &b) {
  std::vector<at::Tensor> ts = b.tensors;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'ts' copies a 'std::vector<at::Tensor>' of refcounted handles
  // CHECK-FIXES: {{^}}  const std::vector<at::Tensor>& ts = b.tensors;{{$}}
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-3]]:27: warning: 'ts' copies a 'std::vector<at::Tensor>'
  int64_t s = 0;
  for (auto &t : ts)
    s += rank(t);
  return s;
}

// ... unless something names the loop variable's type.
int64_t loopVariableTypeNamed(const Batch &b) {
  std::vector<at::Tensor> ts = b.tensors;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'ts' copies a 'std::vector<at::Tensor>' of refcounted handles
  // CHECK-MESSAGES: :[[@LINE-2]]:27: note: no fix-it: the loop variable 't' over 'ts' becomes a const reference, and 'decltype' names the type of 't', which the rewrite changes
  // CHECK-FIXES: {{^}}  std::vector<at::Tensor> ts = b.tensors;{{$}}
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-4]]:27: warning: 'ts' copies a 'std::vector<at::Tensor>'
  int64_t s = 0;
  for (auto &t : ts) {
    decltype(t) same = t;
    s += rank(same);
  }
  return s;
}

// Upstream's own shapes: a copy of a variable and of a method returning a
// reference.
int64_t upstreamShapes(const Batch &b, const std::vector<at::Tensor> &given) {
  std::vector<at::Tensor> copyOfVariable = given;
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:27: warning: local copy 'copyOfVariable' of the variable 'given'{{.*}}is never modified{{.*}}[performance-unnecessary-copy-initialization]
  std::vector<at::Tensor> copyOfAccessor = b.tensorsRef();
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:27: warning: the variable 'copyOfAccessor'{{.*}}is copy-constructed from a const reference{{.*}}[performance-unnecessary-copy-initialization]
  return static_cast<int64_t>(copyOfVariable.size() + copyOfAccessor.size());
}

// Look-alikes that must stay silent.

// Elements that hold no refcount: a vector of integers is
// performance-unnecessary-copy-initialization's concern, not a handle copy.
int64_t plainElements(const Batch &b) {
  std::vector<int64_t> sizes = b.sizes;
  return sizes.empty() ? 0 : sizes[0];
}

// The copy is changed: it is the code's own vector.
int64_t copyModified(const Batch &b, const at::Tensor &extra) {
  std::vector<at::Tensor> ts = b.tensors;
  ts.push_back(extra);
  return static_cast<int64_t>(ts.size());
}

// The copy is handed to a function that changes it.
int64_t copyPassedToWriter(const Batch &b) {
  std::vector<at::Tensor> ts = b.tensors;
  rewrite(ts);
  return static_cast<int64_t>(ts.size());
}

// The copy is a snapshot: the source changes while it lives.
int64_t sourceChanged(Batch &b, const at::Tensor &extra) {
  std::vector<at::Tensor> before = b.tensors;
  b.tensors.push_back(extra);
  int64_t s = 0;
  for (const at::Tensor &t : before)
    s += rank(t);
  return s;
}

// The source is changed through another name while the copy lives.
int64_t sourceChangedThroughAlias(Batch &b, Batch &other, const at::Tensor &extra) {
  std::vector<at::Tensor> before = b.tensors;
  other.tensors.push_back(extra);
  return static_cast<int64_t>(before.size());
}

// An element of the copy is written in place (`ts[0] = ...`).
int64_t elementAssigned(const Batch &b, const at::Tensor &extra) {
  std::vector<at::Tensor> ts = b.tensors;
  ts[0] = extra;
  return rank(ts[0]);
}

// The copy is returned or moved on: it is needed as an owner.
std::vector<at::Tensor> returned(const Batch &b) {
  std::vector<at::Tensor> ts = b.tensors;
  return ts;
}

// A copy of a temporary is not borrowed.
std::vector<at::Tensor> makeTensors();
int64_t fromTemporary() {
  std::vector<at::Tensor> ts = makeTensors();
  return static_cast<int64_t>(ts.size());
}

// A member of *this is out of the analysis' sight: no proof, no advice.
struct Holder {
  std::vector<at::Tensor> tensors;
  int64_t count() const {
    std::vector<at::Tensor> ts = tensors;
    return static_cast<int64_t>(ts.size());
  }
};

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
