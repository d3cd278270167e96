// RUN: %check_c10_tidy %s c10-tuple-create-init-list %t
// REQUIRES: c10-ivalue, aten-tensor
//
// Positives with their fix-its: braced lists and std::vector<IValue>
// temporaries of 1-3 elements become arguments of the 1/2/3-argument
// overload; locals at their certain last use are moved, and <utility> is
// included once.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstdint>
#include <string>
#include <vector>
// CHECK-FIXES: {{^}}#include <utility>{{$}}

using c10::IValue;
using c10::ivalue::Tuple;

IValue lookup(const std::string &key);
// Defined here: its body shows that it keeps no reference to its argument.
at::Tensor forward(const at::Tensor &input) { return input; }
// Not defined here: it may keep a reference to its argument.
at::Tensor forwardElsewhere(const at::Tensor &input);

// --- Spellings of the list -------------------------------------------------

c10::intrusive_ptr<Tuple> oneTemporary() {
  return Tuple::create({lookup("a")});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list copies each element out of a const std::initializer_list; pass the element as arguments to the 1-argument overload instead [c10-tuple-create-init-list]
  // CHECK-FIXES: {{^}}  return Tuple::create(lookup("a"));{{$}}
}

c10::intrusive_ptr<Tuple> twoAndThreeLiterals() {
  auto pair = Tuple::create({IValue(1), IValue("two")});
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'Tuple::create' with a braced list copies each element out of a const std::initializer_list; pass the 2 elements as arguments to the 2-argument overload instead
  // CHECK-FIXES: {{^}}  auto pair = Tuple::create(IValue(1), IValue("two"));{{$}}
  auto triple = c10::ivalue::Tuple::create({1, 2.5, true});
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'Tuple::create' with a braced list {{.*}} pass the 3 elements as arguments to the 3-argument overload instead
  // CHECK-FIXES: {{^}}  auto triple = c10::ivalue::Tuple::create(1, 2.5, true);{{$}}
  return Tuple::create({std::move(pair), std::move(triple)});
  // Already moved: never std::move(std::move(x)).
  // CHECK-MESSAGES: :[[@LINE-2]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return Tuple::create(std::move(pair), std::move(triple));{{$}}
}

c10::intrusive_ptr<Tuple> vectorTemporaries(const IValue &a, const IValue &b) {
  auto t = Tuple::create(std::vector<IValue>{a, b});
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'Tuple::create' with a temporary std::vector<IValue> copies each element out of its initializer list and allocates the vector; pass the 2 elements as arguments to the 2-argument overload instead
  // CHECK-FIXES: {{^}}  auto t = Tuple::create(a, b);{{$}}
  auto u = Tuple::create(std::vector<c10::IValue>({a}));
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'Tuple::create' with a temporary std::vector<IValue>
  // CHECK-FIXES: {{^}}  auto u = Tuple::create(a);{{$}}
  return Tuple::create({t, u,  /* trailing comma */ });
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return Tuple::create(std::move(t), std::move(u)  /* trailing comma */ );{{$}}
}

c10::intrusive_ptr<Tuple> multiLine(const at::Tensor &input) {
  return Tuple::create({
      // The model's output.
      forward(input),
      IValue(static_cast<int64_t>(input.dim())),
  });
  // CHECK-MESSAGES: :[[@LINE-5]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return Tuple::create({{$}}
  // CHECK-FIXES-NEXT: {{^}}      // The model's output.{{$}}
  // CHECK-FIXES-NEXT: {{^}}      forward(input),{{$}}
  // CHECK-FIXES-NEXT: {{^}}      IValue(static_cast<int64_t>(input.dim())){{$}}
  // CHECK-FIXES-NEXT: {{^}}  );{{$}}
}

// --- Aliases and other spellings of the callee ------------------------------

namespace ivalue = c10::ivalue;
using TupleAlias = c10::ivalue::Tuple;
typedef c10::ivalue::Tuple TupleTypedef;

void aliases(const IValue &a, std::vector<c10::intrusive_ptr<Tuple>> &out) {
  out.push_back(ivalue::Tuple::create({a}));
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  out.push_back(ivalue::Tuple::create(a));{{$}}
  out.push_back(TupleAlias::create({a, a}));
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  out.push_back(TupleAlias::create(a, a));{{$}}
  out.push_back(TupleTypedef::create({a, a, a}));
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  out.push_back(TupleTypedef::create(a, a, a));{{$}}
  using c10::ivalue::Tuple;
  IValue boxed(Tuple::create({1}));
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  IValue boxed(Tuple::create(1));{{$}}
  out.push_back(out.front()->create({boxed}));
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  out.push_back(out.front()->create(std::move(boxed)));{{$}}
}

// --- An inference server's output: (logits, lengths, scores) ----------------

struct Batch {
  at::Tensor features;
  std::vector<int64_t> lengths;
};

IValue runModel(const Batch &batch, double temperature) {
  at::Tensor logits = forward(batch.features);
  IValue lengths(batch.lengths);
  at::Tensor scores = forward(logits);
  if (temperature != 1.0)
    scores = forward(scores);
  // logits, lengths and scores are dead after this line: all three are moved.
  return IValue(Tuple::create({logits, lengths, scores}));
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return IValue(Tuple::create(std::move(logits), std::move(lengths), std::move(scores)));{{$}}
}

// A function whose body is not visible may keep the reference it was given,
// but after a move in the returned expression only library code runs on
// values: nothing can read 'logits' through that reference before it dies.
IValue runModelElsewhere(const Batch &batch) {
  at::Tensor logits = forwardElsewhere(batch.features);
  at::Tensor scores = forwardElsewhere(logits);
  return IValue(Tuple::create({logits, scores}));
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return IValue(Tuple::create(std::move(logits), std::move(scores)));{{$}}
}

// The same kept reference, read by code that runs after the move (the
// element built from it): only the list is reported, and its rewrite
// copies what it cannot move.
at::Tensor readKept();
IValue runModelThenReadKept(const Batch &batch) {
  at::Tensor logits = forwardElsewhere(batch.features);
  at::Tensor scores = forwardElsewhere(logits);
  return IValue(Tuple::create({logits, readKept()}));
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return IValue(Tuple::create(logits, readKept()));{{$}}
}

// Keys and values of a streaming response, built one chunk at a time.
std::vector<IValue> streamChunks(const std::vector<std::string> &words, const at::Tensor &state) {
  std::vector<IValue> chunks;
  for (const std::string &word : words) {
    std::string token = word + " ";
    at::Tensor step = forward(state);
    // Declared in the loop body: each iteration has its own token and step.
    chunks.emplace_back(Tuple::create({token, step}));
    // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'Tuple::create' with a braced list
    // CHECK-FIXES: {{^}}    chunks.emplace_back(Tuple::create(std::move(token), std::move(step)));{{$}}
  }
  for (IValue chunk : chunks) {
    // A by-value range-for variable is a fresh copy each iteration, and the
    // tuple made of it is assigned to it after it is built (C++17 evaluates
    // the right side first): the element is at its last use.
    chunk = Tuple::create({chunk});
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'Tuple::create' with a braced list
    // CHECK-FIXES: {{^}}    chunk = Tuple::create(std::move(chunk));{{$}}
  }
  return chunks;
}

// --- A model converter: old checkpoints stored (name, weight) pairs ---------

IValue convertEntry(const IValue &entry) {
  const auto &old = entry.toTupleRef().elements();
  std::string name = old[0].toStringRef();
  IValue weight = old[1];
  if (name.rfind("module.", 0) == 0)
    name = name.substr(7);
  IValue version(static_cast<int64_t>(2));
  return Tuple::create({name, weight, version});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return Tuple::create(std::move(name), std::move(weight), std::move(version));{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
