// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy -check-suffix=BOTH %s c10-intrusive-ptr-move %t
// RUN: %check_c10_tidy -check-suffix=BOTH %s 'c10-intrusive-ptr-move,performance-unnecessary-value-param,performance-unnecessary-copy-initialization' %t-upstream
// REQUIRES: aten-tensor
//
// An optional tensor (`c10::optional<at::Tensor> bias`, std::optional in
// PyTorch 2.x) whose value is copied into an owner (`bias_ = *bias;`) where
// nothing uses the optional again: the value is moved out. Any later use of
// the optional -- its value, has_value(), the optional itself -- keeps the
// copy. Beside the upstream checks users enable, the same findings: neither
// performance-unnecessary-value-param nor -copy-initialization advises a
// reference to an optional whose value is taken through the non-const `*` or
// value() (a change there would show here as a pair of findings).

#include <ATen/core/Tensor.h>
#include <c10/util/Optional.h>
#include <optional>
#include <utility>
#include <vector>

c10::optional<at::Tensor> lookup(int64_t key);
void look(const at::Tensor &t);
void lookMaybe(const c10::optional<at::Tensor> &t);
void sink(at::Tensor t);
bool ready();

struct Linear {
  at::Tensor weight_;
  at::Tensor bias_;

  Linear(at::Tensor weight, c10::optional<at::Tensor> bias) : weight_(std::move(weight)) {
    if (bias.has_value())
      bias_ = bias.value();
    // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:15: warning: 'bias.value()' is copied at the last use of 'bias'; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
    // CHECK-FIXES-BOTH: {{^}}      bias_ = std::move(bias.value());{{$}}
  }
};

void keepIfPresent(std::optional<at::Tensor> maybe, std::vector<at::Tensor> &out) {
  if (maybe)
    out.push_back(*maybe);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:19: warning: '*maybe' is copied at the last use of 'maybe'; move it
  // CHECK-FIXES-BOTH: {{^}}    out.push_back(std::move(*maybe));{{$}}
}

at::Tensor fromLocal(int64_t key) {
  c10::optional<at::Tensor> found = lookup(key);
  if (!found)
    return at::Tensor();
  at::Tensor result = *found;
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:23: warning: '*found' is copied at the last use of 'found'; move it
  // CHECK-FIXES-BOTH: {{^}}  at::Tensor result = std::move(*found);{{$}}
  look(result);
  return result;
}

void intoByValue(c10::optional<at::Tensor> state) {
  if (state.has_value() && ready())
    sink(state.value());
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:10: warning: 'state.value()' is copied at the last use of 'state'; move it
  // CHECK-FIXES-BOTH: {{^}}    sink(std::move(state.value()));{{$}}
}

// --- The copy stays ---------------------------------------------------------

void valueReadAgain(c10::optional<at::Tensor> bias, std::vector<at::Tensor> &out) {
  out.push_back(*bias);
  look(*bias);
}

void optionalUsedAgain(c10::optional<at::Tensor> bias, std::vector<at::Tensor> &out) {
  out.push_back(*bias);
  if (bias.has_value())
    look(at::Tensor());
}

void optionalPassedOn(c10::optional<at::Tensor> bias, std::vector<at::Tensor> &out) {
  out.push_back(*bias);
  lookMaybe(bias);
}

void inLoop(c10::optional<at::Tensor> bias, std::vector<at::Tensor> &out) {
  while (ready())
    out.push_back(*bias);
}

void referenceIntoIt(c10::optional<at::Tensor> bias, std::vector<at::Tensor> &out) {
  const at::Tensor &b = *bias;
  out.push_back(*bias);
  look(b);
}

// The caller's optional, a const one, or a read that copies nothing.
void caller(const c10::optional<at::Tensor> &bias, std::vector<at::Tensor> &out) {
  out.push_back(*bias);
}
void constLocal(int64_t key, std::vector<at::Tensor> &out) {
  const c10::optional<at::Tensor> found = lookup(key);
  out.push_back(*found);
}
void onlyRead(c10::optional<at::Tensor> bias) { look(*bias); }

// A temporary optional hands its value over already.
void fromTemporary(int64_t key, std::vector<at::Tensor> &out) { out.push_back(*lookup(key)); }

// --- Templates and macros ---------------------------------------------------

template <typename T> void keepValue(c10::optional<T> maybe, std::vector<T> &out) {
  out.push_back(maybe.value());
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:17: warning: 'maybe.value()' is copied at the last use of 'maybe'
  // CHECK-NOTES-BOTH: :[[@LINE-2]]:17: note: no fix-it: the code is in a template instantiation
}
template void keepValue<at::Tensor>(c10::optional<at::Tensor>, std::vector<at::Tensor> &);

#define VALUE_OF(o) (*(o))

void inMacro(c10::optional<at::Tensor> bias, std::vector<at::Tensor> &out) {
  out.push_back(VALUE_OF(bias));
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:17: warning: the element is copied at the last use of 'bias'
  // CHECK-NOTES-BOTH: :[[@LINE-2]]:17: note: no fix-it: the code is inside a macro expansion
}

// An optional that holds a vector of tensors owns it, and the vector owns its
// elements: `(*o)[i]`, `o->at(i)` and `o.value().at(i)` are element i of `o`,
// judged as an element of a local container (docs/checks/c10-intrusive-ptr-move.md).
std::optional<std::vector<at::Tensor>> runIfReady(int64_t node);

at::Tensor firstOutput(int64_t node) {
  if (auto outputs = runIfReady(node))
    return outputs->at(0);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:12: warning: 'outputs->at(0)' is copied at the last use of 'outputs'
  // CHECK-FIXES-BOTH: {{^}}    return std::move(outputs->at(0));{{$}}
  return at::Tensor();
}

void bothOutputs(int64_t node, std::vector<at::Tensor> &out) {
  auto outputs = runIfReady(node);
  out.push_back((*outputs)[0]);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:17: warning: '(*outputs)[0]' is copied where it is read for the last time (later code reads only other elements of 'outputs')
  // CHECK-FIXES-BOTH: {{^}}  out.push_back(std::move((*outputs)[0]));{{$}}
  out.push_back(outputs.value().at(1));
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:17: warning: 'outputs.value().at(1)' is copied at the last use of 'outputs'
  // CHECK-FIXES-BOTH: {{^}}  out.push_back(std::move(outputs.value().at(1)));{{$}}
}

void everyOutput(int64_t node, int64_t n, std::vector<at::Tensor> &out) {
  auto outputs = runIfReady(node);
  for (int64_t i = 0; i < n; ++i)
    out.push_back((*outputs)[i]);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:19: warning: '(*outputs)[i]' is copied where it is read for the last time (each iteration reads another element of 'outputs', and nothing reads it after the loop)
  // CHECK-FIXES-BOTH: {{^}}    out.push_back(std::move((*outputs)[i]));{{$}}
}

// Must stay silent: the same element read again, the whole vector read, the
// optional tested after, a reference to the vector kept, a loop that also
// reads the size, an optional parameter taken by reference.
void sameElementAgain(int64_t node) {
  auto outputs = runIfReady(node);
  sink(outputs->at(0));
  look(outputs->at(0));
}

void wholeVectorAfter(int64_t node, std::vector<at::Tensor> &out) {
  auto outputs = runIfReady(node);
  out.push_back((*outputs)[0]);
  out.insert(out.end(), outputs->begin(), outputs->end());
}

void testedAfter(int64_t node) {
  auto outputs = runIfReady(node);
  sink(outputs->at(0));
  if (outputs)
    look(at::Tensor());
}

void referenceKept(int64_t node) {
  auto outputs = runIfReady(node);
  const std::vector<at::Tensor> &all = *outputs;
  sink(outputs->at(0));
  look(all[0]);
}

void sizeInTheLoop(int64_t node, std::vector<at::Tensor> &out) {
  auto outputs = runIfReady(node);
  for (size_t i = 0; i < outputs->size(); ++i)
    out.push_back((*outputs)[i]);
}

void byReference(std::optional<std::vector<at::Tensor>> &outputs, std::vector<at::Tensor> &out) {
  out.push_back(outputs->at(0));
}
