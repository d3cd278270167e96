// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy -check-suffix=BOTH,ALONE %s c10-intrusive-ptr-move %t
// RUN: %check_c10_tidy -check-suffix=BOTH,UP %s 'c10-intrusive-ptr-move,performance-for-range-copy,performance-unnecessary-value-param,performance-unnecessary-copy-initialization' %t-upstream
// REQUIRES: c10-ivalue, aten-tensor
//
// A structured binding of a decomposition declared by value
// (`auto [out, idx] = f(x);`) names a part of a hidden object that nothing
// else can name: moved at its last use like a local variable. A binding
// declared by reference (`auto& [..]`, `auto&& [..]`) names a part of
// another object; a binding to a reference element (`std::tie`'s tuple,
// `at::max_out`'s) names someone else's tensor; a user-defined `get` may
// hand out anything: those keep the copy, as do a later read, a reference,
// a lambda and a loop. Beside the upstream checks users enable, the same
// findings, except in `for (auto [k, v] : m)`, where
// performance-for-range-copy advises `const auto& [k, v]` instead.

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using c10::IValue;

std::tuple<at::Tensor, at::Tensor> maxOf(const at::Tensor &x);
std::tuple<at::Tensor &, at::Tensor &> maxInto(at::Tensor &values, at::Tensor &indices);
std::pair<at::Tensor, int64_t> withCount(const at::Tensor &x);
std::pair<std::vector<IValue>, int64_t> stackAndArity();
std::pair<IValue, IValue> keyAndValue();
std::array<at::Tensor, 2> halves();
void look(const at::Tensor &t);
void sink(at::Tensor t);
void run(std::vector<IValue> stack);
bool ready();

struct Split {
  at::Tensor head;
  at::Tensor tail;
};
Split split(const at::Tensor &x);

// --- Moved at the last use --------------------------------------------------

std::tuple<at::Tensor, at::Tensor> maxPair(const at::Tensor &x) {
  auto [out, idx] = maxOf(x);
  return {out, idx};
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:11: warning: 'out' is copied at its last use; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-MESSAGES-BOTH: :[[@LINE-2]]:16: warning: 'idx' is copied at its last use
  // CHECK-FIXES-BOTH: {{^}}  return {std::move(out), std::move(idx)};{{$}}
}

// A binding is not moved implicitly by `return`, unlike a local variable.
at::Tensor largest(const at::Tensor &x) {
  auto [values, indices] = maxOf(x);
  look(indices);
  return values;
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:10: warning: 'values' is copied at its last use
  // CHECK-FIXES-BOTH: {{^}}  return std::move(values);{{$}}
}

std::vector<at::Tensor> counted(const at::Tensor &x) {
  auto [t, n] = withCount(x);
  std::vector<at::Tensor> out;
  if (n > 0)
    out.push_back(t);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:19: warning: 't' is copied at its last use
  // CHECK-FIXES-BOTH: {{^}}    out.push_back(std::move(t));{{$}}
  return out;
}

// An aggregate's members, and a std::array's elements.
void parts(const at::Tensor &x) {
  auto [head, tail] = split(x);
  sink(head);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:8: warning: 'head' is copied at its last use
  // CHECK-FIXES-BOTH: {{^}}  sink(std::move(head));{{$}}
  auto [low, high] = halves();
  sink(high);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:8: warning: 'high' is copied at its last use
  // CHECK-FIXES-BOTH: {{^}}  sink(std::move(high));{{$}}
  look(tail);
  look(low);
}

// The decomposition's own copy of a by-value pair, itself copied from the
// pair at its last use (a saving of its own; performance-unnecessary-value-param
// reports that one when it is enabled).
void fromCopy(std::pair<IValue, IValue> p, std::vector<IValue> &out) {
  auto [first, second] = p;
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:26: warning: 'p' is copied at its last use; move it to avoid copying the handles in it: an atomic refcount increment and decrement each [c10-intrusive-ptr-move]
  // CHECK-MESSAGES-UP: :[[@LINE-2]]:26: warning: parameter 'p' {{(of type .* )?}}is passed by value and only copied once; consider moving it to avoid unnecessary copies [performance-unnecessary-value-param]
  // CHECK-FIXES-BOTH: {{^}}  auto [first, second] = std::move(p);{{$}}
  out.push_back(first);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:17: warning: 'first' is copied at its last use
  // CHECK-FIXES-BOTH: {{^}}  out.push_back(std::move(first));{{$}}
  out.push_back(second);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:17: warning: 'second' is copied at its last use
  // CHECK-FIXES-BOTH: {{^}}  out.push_back(std::move(second));{{$}}
}

// Declared again in every iteration.
void perIteration(const at::Tensor &x, std::vector<at::Tensor> &out) {
  while (ready()) {
    auto [values, indices] = maxOf(x);
    look(indices);
    out.push_back(values);
    // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:19: warning: 'values' is copied at its last use
    // CHECK-FIXES-BOTH: {{^}}    out.push_back(std::move(values));{{$}}
  }
}

// A vector of handles, and an IValue read through an accessor with a `&&` twin.
void invoke() {
  auto [stack, arity] = stackAndArity();
  if (arity > 0)
    run(stack);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:9: warning: 'stack' is copied at its last use; move it to avoid copying the container: an allocation and an atomic refcount increment and decrement per element [c10-intrusive-ptr-move]
  // CHECK-FIXES-BOTH: {{^}}    run(std::move(stack));{{$}}
}

at::Tensor valueOf() {
  auto [key, value] = keyAndValue();
  if (key.isNone())
    return at::Tensor();
  return value.toTensor();
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:10: warning: 'value' is copied out through 'toTensor()' at its last use; call it on 'std::move(value)'
  // CHECK-FIXES-BOTH: {{^}}  return std::move(value).toTensor();{{$}}
}

// An element of a binding that holds a container, read for the last time.
at::Tensor firstOutput() {
  auto [stack, arity] = stackAndArity();
  if (arity == 0)
    return at::Tensor();
  return stack[0].toTensor();
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:10: warning: 'stack[0]' is copied out through 'toTensor()' at the last use of 'stack'; call it on the element moved
  // CHECK-FIXES-BOTH: {{^}}  return std::move(stack[0]).toTensor();{{$}}
}

// Each entry is copied into the loop's own pair. Beside
// performance-for-range-copy, which advises `const auto& [name, weight]`,
// nothing is moved out of it.
void entries(const std::map<std::string, at::Tensor> &weights) {
  for (auto [name, weight] : weights)
    // CHECK-MESSAGES-UP: :[[@LINE-1]]:13: warning: loop variable is copied but only used as const reference; consider making it a const reference [performance-for-range-copy]
    sink(weight);
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:10: warning: 'weight' is copied at its last use
  // CHECK-FIXES-ALONE: {{^}}    sink(std::move(weight));{{$}}
}

// --- The copy stays ---------------------------------------------------------

void readAgain(const at::Tensor &x) {
  auto [values, indices] = maxOf(x);
  sink(values);
  look(values);
}

void elementReadAgain() {
  auto [stack, arity] = stackAndArity();
  run({stack[0]});
  look(stack.at(0).toTensor());
}

void readInLaterIteration(const at::Tensor &x) {
  auto [values, indices] = maxOf(x);
  while (ready())
    sink(values);
}

void referenceTaken(const at::Tensor &x) {
  auto [values, indices] = maxOf(x);
  at::Tensor &alias = values;
  sink(values);
  look(alias);
}

void capturedByReference(const at::Tensor &x) {
  auto [values, indices] = maxOf(x);
  auto later = [&values] { look(values); };
  sink(values);
  later();
}

void handlerSeesIt(const at::Tensor &x) {
  auto [values, indices] = maxOf(x);
  try {
    sink(values);
  } catch (...) {
    look(values);
  }
}

// Declared by reference: the caller's tuple, or one kept alive by reference.
void byReference(std::tuple<at::Tensor, at::Tensor> &t) {
  auto &[values, indices] = t;
  sink(values);
}
void forwardingReference(const at::Tensor &x) {
  auto &&[values, indices] = maxOf(x);
  sink(values);
}

// Const: nothing to move.
void constBindings(const at::Tensor &x) {
  const auto [values, indices] = maxOf(x);
  sink(values);
}

// Reference elements name the caller's tensors.
void referenceElements(at::Tensor &v, at::Tensor &i) {
  auto [values, indices] = maxInto(v, i);
  sink(values);
  auto [a, b] = std::tie(v, i);
  sink(a);
}

// A user-defined tuple-like class: its `get` may hand out anything.
struct Shared {
  at::Tensor *held;
  template <std::size_t K> at::Tensor &get() const { return *held; }
};
template <> struct std::tuple_size<Shared> : std::integral_constant<std::size_t, 1> {};
template <> struct std::tuple_element<0, Shared> {
  using type = at::Tensor;
};
void userTupleLike(Shared s) {
  auto [t] = s;
  sink(t);
}

// A binding that holds no handle.
std::pair<std::string, int64_t> named();
std::string nameOf() {
  auto [name, id] = named();
  return name;
}

// --- Templates and macros ---------------------------------------------------

template <typename T> at::Tensor largestOf(const T &x) {
  auto [values, indices] = maxOf(x);
  look(indices);
  sink(values);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:8: warning: 'values' is copied at its last use
  // CHECK-NOTES-BOTH: :[[@LINE-2]]:8: note: no fix-it: the code is in a template instantiation
  return indices;
}
at::Tensor largestOfTensor(const at::Tensor &x) { return largestOf(x); }

#define SINK(t) sink(t)

void inMacro(const at::Tensor &x) {
  auto [values, indices] = maxOf(x);
  look(indices);
  SINK(values);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:8: warning: 'values' is copied at its last use
  // CHECK-NOTES-BOTH: :[[@LINE-2]]:8: note: no fix-it: the code is inside a macro expansion
}
