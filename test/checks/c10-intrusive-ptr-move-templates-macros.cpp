// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: c10-ivalue
//
// Templates: one report per source location however many instantiations,
// fix-its only where the copy does not depend on a template parameter.
// Macros: a warning, never a fix-it.

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <utility>
#include <vector>

using c10::IValue;
using Stack = std::vector<IValue>;

void sink(IValue v);

// The copy depends on H: only instantiations can be analysed, and a rewrite
// of the template would apply to all of them. Reported once for both.
template <typename H> void store(std::vector<H> &out, H h) {
  out.push_back(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'h' is copied at its last use
  // CHECK-NOTES: :[[@LINE-2]]:17: note: no fix-it: the code is in a template instantiation
  // CHECK-FIXES: {{^}}  out.push_back(h);{{$}}
}

// The copy does not depend on T: the template definition is analysed and
// fixed once.
template <typename T> void collect(Stack &out, T extra) {
  IValue v(static_cast<int64_t>(extra));
  out.push_back(v);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'v' is copied at its last use
  // CHECK-FIXES: {{^}}  out.push_back(std::move(v));{{$}}
}

// A use that only exists in one instantiation keeps the copy in all of them
// (the template and the int64_t instantiation veto what the int one finds).
template <typename T> void maybeReused(Stack &out, T extra) {
  IValue v(static_cast<int64_t>(extra));
  out.push_back(v);
  // CHECK-FIXES: {{^}}  out.push_back(v);{{$}}
  if constexpr (sizeof(T) > 4)
    out.push_back(v);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'v' is copied at its last use
  // CHECK-FIXES: {{^}}    out.push_back(std::move(v));{{$}}
}

// A by-value parameter of a function template is a copy like any other.
template <typename T> void consume(T value) { (void)value; }

// A template that is never instantiated: nothing to report, nothing to crash on.
template <typename T> void neverInstantiated(T t, std::vector<T> &out) {
  out.push_back(t);
  out.emplace_back(t);
}

// A range-for over a range of dependent type: the template's control flow
// cannot be analysed, and it knows nothing its instantiations do not. Each of
// them moves the batch at its last use; a rewrite of the template would be
// proven by none of them.
template <typename Loader> void trainEpoch(Stack &out, Loader &loader) {
  for (auto &sample : loader) {
    Stack batch;
    batch.push_back(IValue(static_cast<int64_t>(sample)));
    out.push_back(IValue(c10::ivalue::Tuple::create(batch)));
    // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'batch' is copied at its last use
    // CHECK-NOTES: :[[@LINE-2]]:53: note: no fix-it: the code is in a template instantiation
    // CHECK-FIXES: {{^}}    out.push_back(IValue(c10::ivalue::Tuple::create(batch)));{{$}}
  }
}

// The same, but an `if constexpr` branch that some instantiation discards
// reads the batch again: the template keeps its copy.
template <typename Loader> void trainEpochLogged(Stack &out, Loader &loader, Stack &log) {
  for (auto &sample : loader) {
    Stack batch;
    batch.push_back(IValue(static_cast<int64_t>(sample)));
    out.push_back(IValue(c10::ivalue::Tuple::create(batch)));
    if constexpr (sizeof(sample) == 8)
      log.push_back(batch.front());
  }
}

void instantiate(Stack &values, std::vector<at::Tensor> &tensors, at::Tensor t) {
  IValue v(1);
  consume(v);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'v' is copied at its last use
  // CHECK-FIXES: {{^}}  consume(std::move(v));{{$}}
  store(values, IValue(2));
  store(tensors, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 't' is copied at its last use
  // CHECK-FIXES: {{^}}  store(tensors, std::move(t));{{$}}
  collect(values, 1);
  collect(values, 2.0);
  maybeReused(values, 1);
  maybeReused(values, int64_t{1});
  std::vector<int> samples{1, 2};
  std::vector<int64_t> wide{3};
  trainEpoch(values, samples);
  trainEpoch(values, wide);
  trainEpochLogged(values, samples, values);
}

// --- Macros -----------------------------------------------------------------

#define PUSH(out, value) (out).push_back(value)
#define SINK_LOCAL(expr)                                                                   \
  do {                                                                                     \
    IValue local = (expr);                                                                 \
    sink(local);                                                                           \
  } while (0)

void inMacros(Stack &out) {
  IValue v(1);
  PUSH(out, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'v' is copied at its last use
  // CHECK-NOTES: :[[@LINE-2]]:13: note: no fix-it: the code is inside a macro expansion
  // CHECK-FIXES: {{^}}  PUSH(out, v);{{$}}
  SINK_LOCAL(IValue(2));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'local' is copied at its last use
  // CHECK-NOTES: :[[@LINE-2]]:3: note: no fix-it: the code is inside a macro expansion
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
