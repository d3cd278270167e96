// RUN: %check_c10_tidy %s c10-refcounted-copy %t
// RUN: %check_c10_tidy -check-suffix=UPSTREAM %s 'c10-refcounted-copy,performance-for-range-copy,performance-unnecessary-copy-initialization' %t-upstream
// REQUIRES: c10-ivalue, aten-tensor
//
// A range-for by value over a c10::List (`for (IValue v : list)`) copies each
// element: the list's iterator yields an element reference whose conversion
// returns `const T&` into the list, and the loop variable is copied from it.
// performance-for-range-copy leaves such loops alone (the iterator returns a
// proxy), so the borrow is this check's: `const IValue& v` binds to the
// element itself. It is offered only where the loop body provably leaves the
// list's storage alone: c10::List handles share it, so a write through any
// handle that may be the same list, or the list handed to code out of sight,
// keeps the copy.

#include <ATen/core/ivalue.h>
#include <ATen/core/List.h>
#include <ATen/core/Tensor.h>
#include <cstdint>
#include <utility>
#include <vector>

using c10::IValue;

int64_t score(const IValue &v);
int64_t rank(const at::Tensor &t);
void touch(const c10::List<IValue> &list);
void keep(IValue v);
c10::List<IValue> makeList();

int64_t sumScores(const c10::List<IValue> &list) {
  int64_t s = 0;
  for (IValue v : list)
    s += score(v);
  // CHECK-MESSAGES: :[[@LINE-2]]:15: warning: 'v' copies a refcounted 'c10::IValue' (an atomic increment and decrement) from a borrowed reference but is only read; bind a const reference instead [c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  for (const IValue& v : list){{$}}
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-4]]:15: warning: 'v' copies a refcounted 'c10::IValue'
  // CHECK-FIXES-UPSTREAM: {{^}}  for (const IValue& v : list){{$}}
  return s;
}

int64_t sumRanks(c10::List<at::Tensor> tensors) {
  int64_t s = 0;
  for (at::Tensor t : tensors) {
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 't' copies a refcounted 'at::Tensor'
    // CHECK-FIXES: {{^}}  for (const at::Tensor& t : tensors) {{{$}}
    // CHECK-MESSAGES-UPSTREAM: :[[@LINE-3]]:19: warning: 't' copies a refcounted 'at::Tensor'
    // CHECK-FIXES-UPSTREAM: {{^}}  for (const at::Tensor& t : tensors) {{{$}}
    if (t.defined())
      s += rank(t) + static_cast<int64_t>(tensors.size());
  }
  return s;
}

int64_t constCopy(const c10::List<IValue> &list) {
  int64_t s = 0;
  for (const IValue v : list)
    s += score(v);
  // CHECK-MESSAGES: :[[@LINE-2]]:21: warning: 'v' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  for (const IValue& v : list){{$}}
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-4]]:21: warning: 'v' copies a refcounted 'c10::IValue'
  return s;
}

template <typename T>
int64_t sumIn(const c10::List<IValue> &list, T weight) {
  int64_t s = 0;
  for (IValue v : list)
    s += score(v) * weight;
  // CHECK-MESSAGES: :[[@LINE-2]]:15: warning: 'v' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  for (const IValue& v : list){{$}}
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-4]]:15: warning: 'v' copies a refcounted 'c10::IValue'
  return s;
}
template int64_t sumIn<int64_t>(const c10::List<IValue> &, int64_t);

// --- Silent: the list's storage may change while the element is read --------

int64_t setInBody(c10::List<IValue> list) {
  int64_t s = 0;
  for (IValue v : list) {
    list.set(0, IValue(int64_t(7)));
    s += score(v);
  }
  return s;
}

int64_t elementAssignedInBody(c10::List<IValue> list) {
  int64_t s = 0;
  for (IValue v : list) {
    list[0] = IValue(int64_t(7));
    s += score(v);
  }
  return s;
}

// `other` may be a handle of the same list.
int64_t otherHandleWritten(const c10::List<IValue> &list, c10::List<IValue> other) {
  int64_t s = 0;
  for (IValue v : list) {
    other.set(0, IValue());
    s += score(v);
  }
  return s;
}

int64_t listHandedOn(const c10::List<IValue> &list) {
  int64_t s = 0;
  for (IValue v : list) {
    touch(list);
    s += score(v);
  }
  return s;
}

// The same for an element read by index: a const reference to a c10::List
// still lets the callee change the elements (`set` is a const member).
int64_t elementThenListHandedOn(c10::List<IValue> list) {
  IValue v = list[0];
  touch(list);
  return score(v);
}

// --- Silent: the copy is needed -----------------------------------------------

int64_t changedCopy(const c10::List<IValue> &list) {
  int64_t s = 0;
  for (IValue v : list) {
    v = IValue(int64_t(1));
    s += score(v);
  }
  return s;
}

void movedOut(const c10::List<IValue> &list) {
  for (IValue v : list)
    keep(std::move(v));
}

std::vector<IValue> capturedByValue(const c10::List<IValue> &list) {
  std::vector<IValue> out;
  for (IValue v : list) {
    auto f = [v] { return v; };
    out.push_back(f());
  }
  return out;
}

// Read only as integers: the copy holds no refcounted payload, nothing saved.
int64_t integersOnly(const c10::List<IValue> &list) {
  int64_t s = 0;
  for (IValue v : list)
    if (v.isInt())
      s += v.toInt();
  return s;
}

// --- Silent: not this check's shape ------------------------------------------

int64_t temporaryRange() {
  int64_t s = 0;
  for (IValue v : makeList())
    s += score(v);
  return s;
}

// `auto` deduces the element reference itself: nothing is copied.
int64_t proxyByValue(const c10::List<IValue> &list) {
  int64_t s = 0;
  for (auto v : list)
    s += score(v);
  return s;
}

int64_t alreadyReference(const c10::List<IValue> &list) {
  int64_t s = 0;
  for (const IValue &v : list)
    s += score(v);
  return s;
}

// A std::vector's loop is performance-for-range-copy's.
int64_t vectorLoop(const std::vector<IValue> &values) {
  int64_t s = 0;
  for (IValue v : values)
    s += score(v);
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-2]]:15: warning: loop variable is copied but only used as const reference; consider making it a const reference [performance-for-range-copy]
  // CHECK-FIXES-UPSTREAM: {{^}}  for (const IValue& v : values){{$}}
  return s;
}

int64_t integers(const c10::List<int64_t> &ints) {
  int64_t s = 0;
  for (int64_t x : ints)
    s += x;
  return s;
}

class Holder {
public:
  int64_t sum() const {
    int64_t s = 0;
    for (IValue v : list_)
      s += score(v);
    return s;
  }

private:
  c10::List<IValue> list_;
};
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
