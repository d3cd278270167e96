// RUN: %check_c10_tidy %s c10-tuple-elements-copy %t
// REQUIRES: c10-ivalue
//
// The owner of the tuple is made, or handed to code that may change it, before
// the copy of its elements is declared: that cannot reach a reference that
// does not exist yet, so the copy can still become a reference. A module's
// output is the common case: `IValue out = module.forward(inputs);`, where the
// module (a reference parameter) is given to a call whose body is not seen.
// A statement that only gives the owner a new value before the copy is
// declared (`out = runModel(model);`) leaves nothing pointing into it. What may
// change the owner while the reference is read keeps the copy: a pointer or a
// reference handed out before, a lambda run later.

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <vector>

using c10::IValue;

struct Model {
  IValue state;
};
IValue runModel(Model &model);  // may change the model; body not visible
void touch(Model &model);
void reset(IValue &value);

std::size_t countTensors(Model &model) {
  IValue out = runModel(model);
  std::size_t n = 0;
  auto results = out.toTupleRef().elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: the copy of 'out.toTupleRef().elements()' copies every element (one refcount increment each) into 'results', which is only read
  // CHECK-FIXES: {{^}}  const auto& results = out.toTupleRef().elements();{{$}}
  for (const IValue &x : results)
    n += x.isTensor();
  return n;
}

std::size_t assignedFirst(Model &model) {
  IValue out;
  out = runModel(model);
  std::size_t n = 0;
  auto results = out.toTupleRef().elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: the copy of 'out.toTupleRef().elements()' copies every element
  // CHECK-FIXES: {{^}}  const auto& results = out.toTupleRef().elements();{{$}}
  for (const IValue &x : results)
    n += x.isTensor();
  return n;
}

std::size_t assignedEachIteration(Model &model, int k) {
  IValue out;
  std::size_t n = 0;
  for (int i = 0; i < k; ++i) {
    out = runModel(model);
    auto results = out.toTupleRef().elements();
    // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: the copy of 'out.toTupleRef().elements()' copies every element
    // CHECK-FIXES: {{^}}    const auto& results = out.toTupleRef().elements();{{$}}
    for (const IValue &x : results)
      n += x.isTensor();
  }
  return n;
}

std::size_t handedToChangeFirst(Model &model, IValue out) {
  reset(out);
  out = runModel(model);
  auto results = out.toTupleRef().elements();
  // No finding: `reset` was given `out` by reference and may have kept a
  // pointer to it, through which anything may write it later.
  std::size_t n = 0;
  for (const IValue &x : results)
    n += x.isTensor();
  return n;
}

std::size_t pointerTakenFirst(Model &model) {
  IValue out;
  IValue *kept = &out;
  out = runModel(model);
  auto results = out.toTupleRef().elements();
  // No finding: the pointer taken before replaces the tuple while `results`
  // is read; a reference would dangle.
  *kept = runModel(model);
  std::size_t n = 0;
  for (const IValue &x : results)
    n += x.isTensor();
  return n;
}

std::size_t lambdaAssignsLater(Model &model) {
  IValue out = runModel(model);
  auto again = [&] { out = runModel(model); };
  auto results = out.toTupleRef().elements();
  // No finding: the lambda is written before, but runs while `results` is read.
  again();
  std::size_t n = 0;
  for (const IValue &x : results)
    n += x.isTensor();
  return n;
}

std::size_t touchedWhileRead(Model &model) {
  IValue out = runModel(model);
  auto results = out.toTupleRef().elements();
  // No finding: `touch` may change the model, and the output may be the
  // model's own state (a tuple they share), while `results` is still read.
  touch(model);
  std::size_t n = 0;
  for (const IValue &x : results)
    n += x.isTensor();
  return n;
}

std::size_t touchedAfterLastRead(Model &model) {
  IValue out = runModel(model);
  std::size_t n = 0;
  auto results = out.toTupleRef().elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: the copy of 'out.toTupleRef().elements()' copies every element
  // CHECK-MESSAGES: :[[@LINE-2]]:35: note: no fix-it: 'out' may be changed through another name after the reference's last read, which could release what the copy keeps alive to the end of its scope: 'touch' is given it to change
  // CHECK-FIXES: {{^}}  auto results = out.toTupleRef().elements();{{$}}
  for (const IValue &x : results)
    n += x.isTensor();
  // The copy keeps the elements alive past this call, which may replace
  // them in a tuple the model shares; a reference would not.
  touch(model);
  return n;
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
