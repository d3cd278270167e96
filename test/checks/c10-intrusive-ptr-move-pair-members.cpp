// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy -check-suffix=BOTH,ALONE %s c10-intrusive-ptr-move %t
// RUN: %check_c10_tidy -check-suffix=BOTH,UP %s 'c10-intrusive-ptr-move,performance-unnecessary-value-param,performance-unnecessary-copy-initialization' %t-upstream
// REQUIRES: c10-ivalue, aten-tensor
//
// A std::pair's members are its two elements: `p.first` is `std::get<0>(p)`
// and `p.second` is `std::get<1>(p)`. One that later code never reads again
// (by either name) is moved out, whatever happens to the other. The same
// member read again, the whole pair, a reference into it, a lambda, a loop
// or a pair that is not the function's own keep the copy. Beside the
// upstream checks users enable, the same findings, except where
// performance-unnecessary-value-param advises `const T&` for a by-value pair:
// then the pair is the caller's, and nothing is moved out of it.

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using c10::IValue;

std::pair<at::Tensor, at::Tensor> splitHalves(const at::Tensor &x);
std::pair<at::Tensor, int64_t> withCount(const at::Tensor &x);
std::pair<std::vector<IValue>, int64_t> stackAndArity();
std::pair<IValue, IValue> keyAndValue();
void keepPair(const std::pair<at::Tensor, at::Tensor> &p);
void look(const at::Tensor &t);
void sink(at::Tensor t);
void run(std::vector<IValue> stack);
bool ready();

// --- Members at their last read ---------------------------------------------

std::vector<at::Tensor> bothHalves(const at::Tensor &x) {
  auto halves = splitHalves(x);
  at::Tensor low = halves.first;
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:20: warning: 'halves.first' is copied where it is read for the last time (later code reads only other elements of 'halves'); move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-FIXES-BOTH: {{^}}  at::Tensor low = std::move(halves.first);{{$}}
  if (halves.second.numel() == 0)
    return {};
  std::vector<at::Tensor> out;
  out.push_back(low);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:17: warning: 'low' is copied at its last use
  // CHECK-FIXES-BOTH: {{^}}  out.push_back(std::move(low));{{$}}
  out.push_back(halves.second);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:17: warning: 'halves.second' is copied at the last use of 'halves'
  // CHECK-FIXES-BOTH: {{^}}  out.push_back(std::move(halves.second));{{$}}
  return out;
}

at::Tensor counted(const at::Tensor &x) {
  auto c = withCount(x);
  if (c.second == 0)
    return x;
  return c.first;
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:10: warning: 'c.first' is copied at the last use of 'c'
  // CHECK-FIXES-BOTH: {{^}}  return std::move(c.first);{{$}}
}

// `std::get<1>` and `.second` name the same element; `.first` another.
at::Tensor mixedNames(const at::Tensor &x) {
  auto p = splitHalves(x);
  sink(std::get<1>(p));
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:8: warning: 'std::get<1>(p)' is copied where it is read for the last time
  // CHECK-FIXES-BOTH: {{^}}  sink(std::move(std::get<1>(p)));{{$}}
  return p.first;
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:10: warning: 'p.first' is copied at the last use of 'p'
  // CHECK-FIXES-BOTH: {{^}}  return std::move(p.first);{{$}}
}

// A by-value parameter is the function's own.
// performance-unnecessary-value-param advises `const std::pair<...> &p`.
at::Tensor byValue(std::pair<at::Tensor, at::Tensor> p) {
  // CHECK-MESSAGES-UP: :[[@LINE-1]]:54: warning: the parameter 'p' {{(of type .* )?}}is copied for each invocation but only used as a const reference; consider making it a const reference [performance-unnecessary-value-param]
  if (p.second.dim() == 0)
    return p.second;
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:12: warning: 'p.second' is copied at the last use of 'p'
  // CHECK-FIXES-ALONE: {{^}}    return std::move(p.second);{{$}}
  return p.first;
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:10: warning: 'p.first' is copied at the last use of 'p'
  // CHECK-FIXES-ALONE: {{^}}  return std::move(p.first);{{$}}
}

// A vector of handles: the copy costs an allocation and a refcount pair per
// element.
void invoke() {
  auto found = stackAndArity();
  if (found.second > 0)
    run(found.first);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:9: warning: 'found.first' is copied at the last use of 'found'; move it to avoid copying the container: an allocation and an atomic refcount increment and decrement per element [c10-intrusive-ptr-move]
  // CHECK-FIXES-BOTH: {{^}}    run(std::move(found.first));{{$}}
}

// An IValue member read through an accessor with a `&&` twin.
at::Tensor throughAccessor() {
  auto kv = keyAndValue();
  if (kv.first.isNone())
    return at::Tensor();
  return kv.second.toTensor();
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:10: warning: 'kv.second' is copied out through 'toTensor()' at the last use of 'kv'; call it on the element moved
  // CHECK-FIXES-BOTH: {{^}}  return std::move(kv.second).toTensor();{{$}}
}

// --- The copy stays ---------------------------------------------------------

void sameMemberAgain(const at::Tensor &x) {
  auto p = splitHalves(x);
  sink(p.first);
  look(p.first);
}

void sameElementByGet(const at::Tensor &x) {
  auto p = splitHalves(x);
  sink(p.first);
  look(std::get<0>(p));
}

void wholePairLater(const at::Tensor &x) {
  auto p = splitHalves(x);
  sink(p.first);
  keepPair(p);
}

void referenceIntoIt(const at::Tensor &x) {
  auto p = splitHalves(x);
  at::Tensor &low = p.first;
  sink(p.first);
  look(low);
}

void pointerToIt(const at::Tensor &x) {
  auto p = splitHalves(x);
  auto *whole = &p;
  sink(p.first);
  look(whole->first);
}

// `look`'s body is not visible: it may keep a reference to the member.
at::Tensor opaqueCalleeMayKeep(const at::Tensor &x) {
  auto p = splitHalves(x);
  look(p.second);
  return p.first;
}

void readInLambda(const at::Tensor &x) {
  auto p = splitHalves(x);
  auto later = [&] { look(p.first); };
  sink(p.first);
  later();
}

void readAgainInLoop(const at::Tensor &x) {
  auto p = splitHalves(x);
  while (ready())
    sink(p.first);
}

// The whole pair later: its member stays a copy, and the pair itself is
// copied at its last use.
void structuredBindingLater(const at::Tensor &x) {
  auto p = splitHalves(x);
  sink(p.first);
  auto [low, high] = p;
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:22: warning: 'p' is copied at its last use; move it to avoid copying the handles in it
  // CHECK-FIXES-BOTH: {{^}}  auto [low, high] = std::move(p);{{$}}
  look(low);
}

// A const pair's members are const: nothing to move.
void constPair(const at::Tensor &x) {
  const auto p = splitHalves(x);
  sink(p.first);
}

// The caller's pair, and one reached through a pointer.
void byReference(std::pair<at::Tensor, at::Tensor> &p) { sink(p.first); }
void throughPointer(std::pair<at::Tensor, at::Tensor> *p) { sink(p->first); }

// A pair of references names someone else's tensors.
void referenceMembers(at::Tensor &a, at::Tensor &b) {
  std::pair<at::Tensor &, at::Tensor &> refs(a, b);
  sink(refs.first);
  std::pair<at::Tensor &, at::Tensor> mixed(a, b);
  sink(mixed.first);
  sink(mixed.second);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:8: warning: 'mixed.second' is copied at the last use of 'mixed'
  // CHECK-FIXES-BOTH: {{^}}  sink(std::move(mixed.second));{{$}}
  look(a);
}

// A member that holds no handle: nothing refcounted to save.
std::pair<std::string, int64_t> named();
std::string nameOf() {
  auto n = named();
  return n.first;
}

// A temporary pair hands over its members already.
at::Tensor fromTemporary(const at::Tensor &x) { return splitHalves(x).first; }

// An entry of a map, looked up by reference: the map's own.
void fromMap(std::map<std::string, at::Tensor> &weights) {
  for (auto &entry : weights)
    sink(entry.second);
}

// A class of the user's with members called first and second is not a pair.
struct Span {
  at::Tensor first;
  at::Tensor second;
};
Span makeSpan();
at::Tensor spanStart() {
  Span s = makeSpan();
  look(s.second);
  return s.first;
}

// --- Templates and macros ---------------------------------------------------

// The instantiation's by-value parameter, which the upstream check reports too.
template <typename T> T firstOf(std::pair<T, T> pair) {
  // CHECK-MESSAGES-UP: :[[@LINE-1]]:49: warning: the parameter 'pair' {{(of type .* )?}}is copied for each invocation but only used as a const reference
  sink(pair.second);
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:8: warning: 'pair.second' is copied where it is read for the last time
  // CHECK-NOTES-ALONE: :[[@LINE-2]]:8: note: no fix-it: the code is in a template instantiation
  return pair.first;
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:10: warning: 'pair.first' is copied at the last use of 'pair'
  // CHECK-NOTES-ALONE: :[[@LINE-2]]:10: note: no fix-it: the code is in a template instantiation
}
at::Tensor firstOfHalves(const at::Tensor &x) { return firstOf(splitHalves(x)); }

#define FIRST_OF(p) (p).first

at::Tensor inMacro(const at::Tensor &x) {
  auto p = splitHalves(x);
  return FIRST_OF(p);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:10: warning: the element is copied at the last use of 'p'
  // CHECK-NOTES-BOTH: :[[@LINE-2]]:10: note: no fix-it: the code is inside a macro expansion
}
