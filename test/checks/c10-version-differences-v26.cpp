// One input linted against libtorch 1.13 and against libtorch 2.6, where the
// two releases' APIs differ and so must the advice. BOTH lines hold on each;
// V113 and V26 lines only on their release.
// REQUIRES: runtime-libtorch, aten-tensor
// RUN: %if torch-1.13 %{ %check_c10_tidy -check-suffix=BOTH,V113 %s \
// RUN:   c10-refcounted-copy,c10-ivalue-ref-accessor,c10-intrusive-ptr-move,c10-ivalue-generic-to %t-113 %}
// RUN: %if torch-2.6 %{ %check_c10_tidy -check-suffix=BOTH,V26 %s \
// RUN:   c10-refcounted-copy,c10-ivalue-ref-accessor,c10-intrusive-ptr-move,c10-ivalue-generic-to %t-26 -- -DV26 %}

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

int64_t rank(const at::Tensor &t);
int64_t score(const c10::IValue &v);
void consume(c10::IValue v);

// --- c10::List::get: a value in 1.13, a const reference in 2.6 --------------
// 1.13's get(i) returns a new Tensor, which `t` takes over: no copy to avoid.
// 2.6's returns a reference into the list, so `t` is a copy (a refcount pair)
// that `const at::Tensor& t` avoids; get(i) still checks the index.
int64_t firstRank(const c10::List<at::Tensor> &list) {
  at::Tensor t = list.get(0);
  // CHECK-MESSAGES-V26: :[[@LINE-1]]:14: warning: 't' copies a refcounted 'at::Tensor' (an atomic increment and decrement) from a borrowed reference but is only read; bind a const reference instead [c10-refcounted-copy]
  // CHECK-FIXES-V26: {{^}}  const at::Tensor& t = list.get(0);{{$}}
  return rank(t);
}

int64_t firstScore(const c10::List<c10::IValue> &list) {
  c10::IValue v = list.get(1);
  // CHECK-MESSAGES-V26: :[[@LINE-1]]:15: warning: 'v' copies a refcounted 'c10::IValue'
  // CHECK-FIXES-V26: {{^}}  const c10::IValue& v = list.get(1);{{$}}
  return score(v);
}

// A const list's operator[] returns a reference into the list in both.
int64_t secondRank(const c10::List<at::Tensor> &list) {
  at::Tensor t = list[1];
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:14: warning: 't' copies a refcounted 'at::Tensor'
  // CHECK-FIXES-BOTH: {{^}}  const at::Tensor& t = list[1];{{$}}
  return rank(t);
}

// A non-const list's operator[] returns an element reference, whose
// conversion to `const at::Tensor&` reads the list in place, in both.
int64_t thirdRank(c10::List<at::Tensor> list) {
  at::Tensor t = list[2];
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:14: warning: 't' copies a refcounted 'at::Tensor'
  // CHECK-FIXES-BOTH: {{^}}  const at::Tensor& t = list[2];{{$}}
  return rank(t) + static_cast<int64_t>(list.size());
}

int64_t elementReferenceThenSet(c10::List<at::Tensor> list) {
  at::Tensor t = list[0];
  list[0] = at::Tensor(); // silent: the element is replaced while `t` is read
  return rank(t);
}

// Silent on both: c10::List handles share their elements, so a write through
// any handle of the same type (`other` may be `list`) changes what the
// reference would read, or frees it.
int64_t otherHandleSet(const c10::List<at::Tensor> &list, c10::List<at::Tensor> other) {
  at::Tensor t = list.get(0);
  other.set(0, at::Tensor());
  return rank(t);
}

int64_t copyOfHandleGrows(const c10::List<at::Tensor> &list) {
  c10::List<at::Tensor> alias = list;
  at::Tensor t = list.get(0);
  alias.push_back(at::Tensor()); // reallocates the elements `t` would point into
  return rank(t) + static_cast<int64_t>(alias.size());
}

int64_t listReassigned(c10::List<at::Tensor> list, const c10::List<at::Tensor> &next) {
  at::Tensor t = list.get(0);
  list = next;
  return rank(t) + static_cast<int64_t>(list.size());
}

// Silent on both: the copy is moved on, or the list is a temporary that dies
// at the end of the declaration.
void sink(at::Tensor t);
void movedOn(const c10::List<at::Tensor> &list) {
  at::Tensor t = list.get(0);
  sink(std::move(t));
}

c10::List<at::Tensor> makeList();
int64_t fromTemporary() {
  at::Tensor t = makeList().get(0);
  return rank(t);
}

// A macro and a template: the advice on 2.6, with no rewrite.
#define FIRST_OF(l) (l).get(0)
int64_t inMacro(const c10::List<at::Tensor> &list) {
  at::Tensor t = FIRST_OF(list);
  // CHECK-MESSAGES-V26: :[[@LINE-1]]:14: warning: 't' copies a refcounted 'at::Tensor'
  // CHECK-NOTES-V26: :[[@LINE-2]]:14: note: no fix-it: the code is inside a macro expansion
  return rank(t);
}

template <typename T> int64_t firstOf(const c10::List<T> &list) {
  T first = list.get(0);
  // CHECK-MESSAGES-V26: :[[@LINE-1]]:5: warning: 'first' copies a refcounted 'at::Tensor'
  // CHECK-NOTES-V26: :[[@LINE-2]]:5: note: no fix-it: the code is in a template instantiation
  return rank(first);
}
int64_t instantiate(const c10::List<at::Tensor> &list) { return firstOf(list); }

// 1.13's get(i) is an rvalue IValue, whose toString() moves the string out;
// 2.6's is a const IValue&, whose toString() copies the handle. (The fix to
// toStringRef() would be safe within this one expression; the check offers
// none for a reference into a container.)
size_t nameLength(const c10::List<c10::IValue> &list) {
  return list.get(0).toString()->string().size();
  // CHECK-MESSAGES-V26: :[[@LINE-1]]:22: warning: {{.*}}'toString()'{{.*}} [c10-ivalue-ref-accessor]
  // CHECK-NOTES-V26: :[[@LINE-2]]:22: note: no fix-it: 'list.get(0)' is not a local variable or parameter: a container element, member or global can change or die while the reference is alive
}

// --- A vector moved into an IValue ----------------------------------------
// 2.6 has IValue(std::vector<T>&&), which moves the tensors into the list; 1.13
// has only IValue(const std::vector<T>&), so std::move would save nothing there.
void sendBatch(std::vector<at::Tensor> batch) {
  consume(c10::IValue(batch));
  // CHECK-MESSAGES-V26: :[[@LINE-1]]:23: warning: 'batch' is copied at its last use; move it to avoid an atomic refcount increment and decrement per element (the conversion builds its own container either way) [c10-intrusive-ptr-move]
  // CHECK-FIXES-V26: {{^}}  consume(c10::IValue(std::move(batch)));{{$}}
}

// --- std::optional is c10::optional in 2.6 --------------------------------
// Both releases: the c10:: spelling, reported as written.
bool hasBias(const c10::IValue &bias) {
  return bias.to<c10::optional<at::Tensor>>().has_value();
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:15: warning: 'to<c10::optional<at::Tensor>>()' makes a copy of the at::Tensor that is only read; test 'isNone()' and read the value in place with 'toTensor()' [c10-ivalue-generic-to]
}

#ifdef V26
// 2.6 only (1.13's IValue has no conversion to std::optional): the std::
// spelling is the same type and gets the same advice, spelled as written.
bool hasPrompt(const c10::IValue &prompt) {
  return prompt.to<std::optional<std::string>>().has_value();
  // CHECK-MESSAGES-V26: :[[@LINE-1]]:17: warning: 'to<std::optional<std::string>>()' makes a copy of the std::string that is only read; test 'isNone()' and read the value in place with 'toStringRef()' [c10-ivalue-generic-to]
}
#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
