// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: c10-ivalue, aten-tensor
//
// An operator that returns several tensors returns a std::tuple; code keeps
// it in a local and copies the elements out one by one with std::get<K>
// (`auto out = std::get<0>(result);`). Each element is a distinct object: one
// that later code never reads again is moved out, whatever happens to the
// others. The same element read again, the whole tuple, a reference into it,
// a lambda or a loop that reads it again keep the copy.

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>
#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using c10::IValue;

std::tuple<at::Tensor, at::Tensor> maxWithIndices(const at::Tensor &x);
std::tuple<at::Tensor, at::Tensor, at::Tensor> lstmStep(const at::Tensor &x);
std::pair<at::Tensor, int64_t> withCount(const at::Tensor &x);
std::array<at::Tensor, 2> halves(const at::Tensor &x);
std::tuple<IValue, int64_t> decoded();
void keepTuple(const std::tuple<at::Tensor, at::Tensor> &t);
void look(const at::Tensor &t);
void sink(at::Tensor t);
bool ready();

// --- Elements at their last read --------------------------------------------

std::vector<at::Tensor> forwardLike(const at::Tensor &src) {
  auto result = maxWithIndices(src);
  auto out = std::get<0>(result);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'std::get<0>(result)' is copied where it is read for the last time (later code reads only other elements of 'result'); move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  auto out = std::move(std::get<0>(result));{{$}}
  auto indices = std::get<1>(result);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'std::get<1>(result)' is copied at the last use of 'result'
  // CHECK-FIXES: {{^}}  auto indices = std::move(std::get<1>(result));{{$}}
  look(indices);
  return {out, indices};
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'out' is copied at its last use
  // CHECK-MESSAGES: :[[@LINE-2]]:16: warning: 'indices' is copied at its last use
  // CHECK-FIXES: {{^}}  return {std::move(out), std::move(indices)};{{$}}
}

at::Tensor threeOfThem(const at::Tensor &x) {
  std::tuple<at::Tensor, at::Tensor, at::Tensor> state = lstmStep(x);
  at::Tensor hidden = std::get<1>(state);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'std::get<1>(state)' is copied where it is read for the last time
  // CHECK-FIXES: {{^}}  at::Tensor hidden = std::move(std::get<1>(state));{{$}}
  if (std::get<0>(state).dim() == 0)
    return hidden;
  sink(std::get<2>(state));
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'std::get<2>(state)' is copied at the last use of 'state'
  // CHECK-FIXES: {{^}}  sink(std::move(std::get<2>(state)));{{$}}
  return hidden;
}

at::Tensor ofPair(const at::Tensor &x) {
  auto counted = withCount(x);
  if (std::get<1>(counted) == 0)
    return x;
  return std::get<0>(counted);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'std::get<0>(counted)' is copied at the last use of 'counted'
  // CHECK-FIXES: {{^}}  return std::move(std::get<0>(counted));{{$}}
}

void ofArray(const at::Tensor &x, std::vector<at::Tensor> &out) {
  std::array<at::Tensor, 2> parts = halves(x);
  out.push_back(std::get<1>(parts));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'std::get<1>(parts)' is copied where it is read for the last time
  // CHECK-FIXES: {{^}}  out.push_back(std::move(std::get<1>(parts)));{{$}}
  out.push_back(std::get<0>(parts));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'std::get<0>(parts)' is copied at the last use of 'parts'
  // CHECK-FIXES: {{^}}  out.push_back(std::move(std::get<0>(parts)));{{$}}
}

// A vector of handles in a tuple (an operator with its stack): the copy costs
// an allocation and a refcount pair per element.
std::tuple<int64_t, std::vector<IValue>> opWithStack();
void run(std::vector<IValue> stack);
void invoke() {
  auto found = opWithStack();
  std::vector<IValue> stack = std::get<1>(found);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'std::get<1>(found)' is copied where it is read for the last time (later code reads only other elements of 'found'); move it to avoid copying the container: an allocation and an atomic refcount increment and decrement per element [c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  std::vector<IValue> stack = std::move(std::get<1>(found));{{$}}
  if (std::get<0>(found) > 0)
    run(stack);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'stack' is copied at its last use; move it to avoid copying the container
  // CHECK-FIXES: {{^}}    run(std::move(stack));{{$}}
}

// An IValue element read through an accessor with a `&&` twin.
at::Tensor throughAccessor() {
  auto d = decoded();
  at::Tensor t = std::get<0>(d).toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'std::get<0>(d)' is copied out through 'toTensor()' where it is read for the last time (later code reads only other elements of 'd'); call it on the element moved
  // CHECK-FIXES: {{^}}  at::Tensor t = std::move(std::get<0>(d)).toTensor();{{$}}
  if (std::get<1>(d) > 0)
    look(t);
  return t;
}

// Both elements in one expression: whatever the order, neither is the other.
std::tuple<at::Tensor, at::Tensor> bothReturned(const at::Tensor &x) {
  auto r = maxWithIndices(x);
  return std::make_tuple(std::get<0>(r), std::get<1>(r));
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'std::get<0>(r)' is copied where it is read for the last time
  // CHECK-MESSAGES: :[[@LINE-2]]:42: warning: 'std::get<1>(r)' is copied where it is read for the last time
  // CHECK-FIXES: {{^}}  return std::make_tuple(std::move(std::get<0>(r)), std::move(std::get<1>(r)));{{$}}
}

// --- The copy stays ---------------------------------------------------------

void sameElementAgain(const at::Tensor &x) {
  auto r = maxWithIndices(x);
  sink(std::get<0>(r));
  look(std::get<0>(r));
}

void wholeTupleLater(const at::Tensor &x) {
  auto r = maxWithIndices(x);
  sink(std::get<0>(r));
  keepTuple(r);
}

void referenceIntoIt(const at::Tensor &x) {
  auto r = maxWithIndices(x);
  at::Tensor &first = std::get<0>(r);
  sink(std::get<0>(r));
  look(first);
}

void readInLambda(const at::Tensor &x) {
  auto r = maxWithIndices(x);
  auto later = [&] { look(std::get<0>(r)); };
  sink(std::get<0>(r));
  later();
}

void readAgainInLoop(const at::Tensor &x) {
  auto r = maxWithIndices(x);
  while (ready())
    sink(std::get<0>(r));
}

// A const tuple's elements are const: nothing to move.
void constTuple(const at::Tensor &x) {
  const auto r = maxWithIndices(x);
  sink(std::get<0>(r));
}

// The caller's tuple.
void byReference(std::tuple<at::Tensor, at::Tensor> &r) { sink(std::get<0>(r)); }

// By type, not by index.
void byType(const at::Tensor &x) {
  auto counted = withCount(x);
  sink(std::get<at::Tensor>(counted));
}

// A tuple of references names the caller's tensors, not objects of its own
// (`at::max_out` returns its out arguments so; `std::tie`).
std::tuple<at::Tensor &, at::Tensor &> maxOut(at::Tensor &values, at::Tensor &indices,
                                              const at::Tensor &x);
void referenceElements(at::Tensor &values, at::Tensor &indices, const at::Tensor &x) {
  auto r = maxOut(values, indices, x);
  sink(std::get<0>(r));
  std::tuple<at::Tensor &, at::Tensor> mixed(values, x);
  sink(std::get<0>(mixed));
  sink(std::get<1>(mixed));
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'std::get<1>(mixed)' is copied at the last use of 'mixed'
  // CHECK-FIXES: {{^}}  sink(std::move(std::get<1>(mixed)));{{$}}
  sink(std::get<1>(std::tie(values, indices)));
  sink(std::get<0>(maxOut(values, indices, x)));
  look(values);
}

// An element that holds no handle: nothing refcounted to save.
std::tuple<std::string, int64_t> named();
std::string nameOf() {
  auto n = named();
  return std::get<0>(n);
}

// A temporary tuple hands over its elements already.
at::Tensor fromTemporary(const at::Tensor &x) { return std::get<0>(maxWithIndices(x)); }

// --- Templates and macros ---------------------------------------------------

template <typename T> T firstOf(std::tuple<T, T> pair) {
  sink(std::get<1>(pair));
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'std::get<1>(pair)' is copied where it is read for the last time
  // CHECK-NOTES: :[[@LINE-2]]:8: note: no fix-it: the code is in a template instantiation
  return std::get<0>(pair);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'std::get<0>(pair)' is copied at the last use of 'pair'
  // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix-it: the code is in a template instantiation
}
template at::Tensor firstOf<at::Tensor>(std::tuple<at::Tensor, at::Tensor>);

#define FIRST_OF(t) std::get<0>(t)

at::Tensor inMacro(const at::Tensor &x) {
  auto r = maxWithIndices(x);
  return FIRST_OF(r);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: the element is copied at the last use of 'r'
  // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix-it: the code is inside a macro expansion
}
