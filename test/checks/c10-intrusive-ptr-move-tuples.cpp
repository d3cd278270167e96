// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy -check-suffix=BOTH,ALONE %s c10-intrusive-ptr-move %t
// RUN: %check_c10_tidy -check-suffix=BOTH,UP %s 'c10-intrusive-ptr-move,performance-unnecessary-value-param,performance-unnecessary-copy-initialization' %t-upstream
// REQUIRES: c10-ivalue, aten-tensor
//
// A std::tuple or std::pair that holds a handle (an LSTM's state, a named
// tensor), or an optional handle (a bias), is copied handle by handle: moved
// at its last use like the handle itself. Not a tuple of references (copying
// it copies no handle), nor one whose handles are all const, c10::List or
// c10::Dict (a move copies them all the same), nor one without a handle.
// Beside the upstream checks users enable, the same findings, except for the
// variables they report.

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using State = std::tuple<at::Tensor, at::Tensor>;

State cell(const at::Tensor &x, State state);
std::tuple<at::Tensor, State> lstm(const at::Tensor &x, State state);
State permute(State state, const at::Tensor &order);
void keepNamed(std::pair<std::string, at::Tensor> named);
void keepCounts(std::tuple<int64_t, int64_t> counts);
void keepList(std::tuple<c10::List<int64_t>, int64_t> sizes);
void keepConst(std::tuple<const at::Tensor, int64_t> fixed);
void keepRefs(std::tuple<at::Tensor &, at::Tensor &> refs);
void look(const State &state);
bool ready();

// --- Moved at the last use --------------------------------------------------

State unroll(const at::Tensor &x, const at::Tensor &h, const at::Tensor &c) {
  State state = std::make_tuple(h, c);
  State next = cell(x, state);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:24: warning: 'state' is copied at its last use; move it to avoid copying the handles in it: an atomic refcount increment and decrement each [c10-intrusive-ptr-move]
  // CHECK-FIXES-BOTH: {{^}}  State next = cell(x, std::move(state));{{$}}
  return next;
}

// A structured binding that is itself a tuple of handles.
State forward(const at::Tensor &x, const State &initial, const at::Tensor &order) {
  auto [output, hidden] = lstm(x, initial);
  if (!output.defined())
    return initial;
  return permute(hidden, order);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:18: warning: 'hidden' is copied at its last use; move it to avoid copying the handles in it
  // CHECK-FIXES-BOTH: {{^}}  return permute(std::move(hidden), order);{{$}}
}

void named(const at::Tensor &w, std::vector<std::pair<std::string, at::Tensor>> &out) {
  std::pair<std::string, at::Tensor> entry{"weight", w};
  out.push_back(entry);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:17: warning: 'entry' is copied at its last use
  // CHECK-FIXES-BOTH: {{^}}  out.push_back(std::move(entry));{{$}}
}

// A by-value state copied once: performance-unnecessary-value-param moves
// the parameter itself.
void handOn(State state) {
  (void)cell(at::Tensor(), state);
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:28: warning: 'state' is copied at its last use
  // CHECK-MESSAGES-UP: :[[@LINE-2]]:28: warning: parameter 'state' {{(of type .* )?}}is passed by value and only copied once; consider moving it to avoid unnecessary copies [performance-unnecessary-value-param]
  // CHECK-FIXES-BOTH: {{^}}  (void)cell(at::Tensor(), std::move(state));{{$}}
}

// An optional handle, and a binding of one.
at::Tensor linear(const at::Tensor &x, const at::Tensor &w, std::optional<at::Tensor> bias);
std::tuple<at::Tensor, std::optional<at::Tensor>> weightAndBias();
at::Tensor apply(const at::Tensor &x, const std::optional<at::Tensor> &maybeBias) {
  std::optional<at::Tensor> bias = maybeBias;
  // CHECK-MESSAGES-UP: :[[@LINE-1]]:29: warning: local copy 'bias' of the variable 'maybeBias' {{(of type .* )?}}is never modified; consider avoiding the copy [performance-unnecessary-copy-initialization]
  if (!x.defined())
    return x;
  return linear(x, x, bias);
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:23: warning: 'bias' is copied at its last use; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-FIXES-ALONE: {{^}}  return linear(x, x, std::move(bias));{{$}}
}
at::Tensor applyStored(const at::Tensor &x) {
  auto [w, b] = weightAndBias();
  return linear(x, w, b);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:23: warning: 'b' is copied at its last use
  // CHECK-FIXES-BOTH: {{^}}  return linear(x, w, std::move(b));{{$}}
}

// --- The copy stays ---------------------------------------------------------

void readAgain(const at::Tensor &x, State state) {
  // CHECK-MESSAGES-UP: :[[@LINE-1]]:43: warning: the parameter 'state' {{(of type .* )?}}is copied for each invocation but only used as a const reference; consider making it a const reference [performance-unnecessary-value-param]
  State next = cell(x, state);
  look(state);
  look(next);
}

void inLoop(const at::Tensor &x, const State &initial) {
  State state = initial;
  // CHECK-MESSAGES-UP: :[[@LINE-1]]:9: warning: local copy 'state' of the variable 'initial' {{(of type .* )?}}is never modified; consider avoiding the copy [performance-unnecessary-copy-initialization]
  while (ready())
    look(cell(x, state));
}

void noHandleToSave(const at::Tensor &x) {
  std::tuple<int64_t, int64_t> counts{1, 2};
  keepCounts(counts);
  std::tuple<c10::List<int64_t>, int64_t> sizes;
  keepList(sizes);
  std::tuple<const at::Tensor, int64_t> fixed{x, 1};
  keepConst(fixed);
}

void optionalReadAgain(const at::Tensor &x, std::optional<at::Tensor> bias) {
  // CHECK-MESSAGES-UP: :[[@LINE-1]]:71: warning: the parameter 'bias' {{(of type .* )?}}is copied for each invocation but only used as a const reference
  look({linear(x, x, bias), x});
  if (bias.has_value())
    look({x, x});
}

void optionalList(std::optional<c10::List<int64_t>> sizes);
void noOptionalSaving(std::optional<c10::List<int64_t>> sizes, std::optional<int64_t> dim) {
  optionalList(sizes);
  // CHECK-MESSAGES-UP: :[[@LINE-1]]:16: warning: parameter 'sizes' {{(of type .* )?}}is passed by value and only copied once
  (void)dim;
}

void references(at::Tensor &a, at::Tensor &b) {
  std::tuple<at::Tensor &, at::Tensor &> refs{a, b};
  keepRefs(refs);
}

// Returned whole: the language moves it already.
State returned(const at::Tensor &h) {
  State state{h, h};
  return state;
}

// --- Templates and macros ---------------------------------------------------

template <typename T> State twice(const at::Tensor &x, T state) {
  return cell(x, cell(x, state));
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:26: warning: 'state' is copied at its last use
  // CHECK-NOTES-ALONE: :[[@LINE-2]]:26: note: no fix-it: the code is in a template instantiation
  // CHECK-MESSAGES-UP: :[[@LINE-3]]:26: warning: parameter 'state' {{(of type .* )?}}is passed by value and only copied once
}
State twiceState(const at::Tensor &x, const State &s) { return twice(x, s); }

// Assigned at its last use: the standard library declares tuple's and pair's
// copy assignment with a parameter type chosen by a condition, not as
// `const tuple&` written out; it copies each handle all the same.
struct Recurrent {
  State state_;
  std::optional<at::Tensor> bias_;
  void advance(const at::Tensor &x);
  void keepBias(const at::Tensor &b);
  void peek(const at::Tensor &x);
};

void Recurrent::advance(const at::Tensor &x) {
  State next = cell(x, state_);
  state_ = next;
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:12: warning: 'next' is copied at its last use; move it to avoid copying the handles in it
  // CHECK-FIXES-BOTH: {{^}}  state_ = std::move(next);{{$}}
}

void Recurrent::keepBias(const at::Tensor &b) {
  std::optional<at::Tensor> scaled = b.view(-1);
  bias_ = scaled;
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:11: warning: 'scaled' is copied at its last use; move it to avoid an atomic refcount increment and decrement
  // CHECK-FIXES-BOTH: {{^}}  bias_ = std::move(scaled);{{$}}
}

void swapHalves(std::pair<at::Tensor, at::Tensor> &out, const at::Tensor &x) {
  std::pair<at::Tensor, at::Tensor> halves{x, x};
  out = halves;
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:9: warning: 'halves' is copied at its last use
  // CHECK-FIXES-BOTH: {{^}}  out = std::move(halves);{{$}}
}

// Read after the assignment: the copy is needed.
void Recurrent::peek(const at::Tensor &x) {
  State next = cell(x, state_);
  state_ = next;
  // CHECK-FIXES-BOTH: {{^}}  state_ = next;{{$}}
  look(next);
}

#define STEP(x, s) cell(x, s)

State inMacro(const at::Tensor &x, const at::Tensor &h) {
  State state{h, h};
  return STEP(x, state);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:18: warning: 'state' is copied at its last use
  // CHECK-NOTES-BOTH: :[[@LINE-2]]:18: note: no fix-it: the code is inside a macro expansion
}
