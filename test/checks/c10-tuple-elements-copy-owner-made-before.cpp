// RUN: %check_c10_tidy %s c10-tuple-elements-copy %t
// REQUIRES: c10-ivalue
//
// The owner of the tuple is made, or handed to code that may change it, before
// the copy of its elements is declared: that cannot reach a reference that
// does not exist yet, so the copy can still become a reference. A module's
// output is the common case: `IValue out = module.forward(inputs);`, where the
// module (a reference parameter) is given to a call whose body is not seen.
// What may change the owner while the reference is read keeps the copy.

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

std::size_t changedFirst(Model &model, IValue out) {
  reset(out);
  out = runModel(model);
  touch(model);
  auto results = out.toTupleRef().elements();
  // No finding: `out` is assigned in the function and the analysis of
  // what modifies it does not look at where; the copy stays.
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
  // CHECK-FIXES: {{^}}  const auto& results = out.toTupleRef().elements();{{$}}
  for (const IValue &x : results)
    n += x.isTensor();
  touch(model);
  return n;
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
