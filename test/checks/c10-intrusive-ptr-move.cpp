// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: c10-ivalue
//
// Positives: a handle copied where it is used for the last time, with the
// std::move fix-it and the <utility> include it needs.

#include <ATen/core/ivalue.h>
#include <deque>
#include <exception>
#include <string>
#include <vector>
// CHECK-FIXES: {{^}}#include <utility>{{$}}

using c10::IValue;
using Stack = std::vector<IValue>;

void sink(IValue v);
void sinkTensor(at::Tensor t);
void sinkStack(Stack s);
IValue produceFrom(Stack inputs);
void fail(const char *why);

// --- An interpreter loop popping its operands off a Stack --------------------

enum class Op { Pack, Dup, Drop, Call };

void run(const std::vector<Op> &program, Stack &stack) {
  for (Op op : program) {
    switch (op) {
    case Op::Pack: {
      IValue b = stack.back();
      // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'stack.back()' is copied out of the container and removed right after; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
      // CHECK-FIXES: {{^}}      IValue b = std::move(stack.back());{{$}}
      stack.pop_back();
      IValue a = stack.back();
      // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'stack.back()' is copied out of the container
      // CHECK-FIXES: {{^}}      IValue a = std::move(stack.back());{{$}}
      stack.pop_back();
      // `a` and `b` are declared again by the next iteration: the loop does
      // not carry them over, so this is their last use.
      stack.emplace_back(c10::ivalue::Tuple::create(a, b));
      // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'a' is copied at its last use; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
      // CHECK-MESSAGES: :[[@LINE-2]]:56: warning: 'b' is copied at its last use
      // CHECK-FIXES: {{^}}      stack.emplace_back(c10::ivalue::Tuple::create(std::move(a), std::move(b)));{{$}}
      break;
    }
    case Op::Call: {
      auto arg = stack.front();
      // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'stack.front()' is copied out of the container
      // CHECK-FIXES: {{^}}      auto arg = std::move(stack.front());{{$}}
      stack.erase(stack.begin());
      sink(arg);
      // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'arg' is copied at its last use
      // CHECK-FIXES: {{^}}      sink(std::move(arg));{{$}}
      break;
    }
    case Op::Dup:
      stack.push_back(stack.back()); // the element stays: no finding
      break;
    case Op::Drop:
      stack.pop_back();
      break;
    }
  }
}

IValue takeArgument(Stack &stack, std::size_t i) {
  IValue v = stack[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'stack[i]' is copied out of the container
  // CHECK-FIXES: {{^}}  IValue v = std::move(stack[i]);{{$}}
  stack.erase(stack.begin() + i);
  IValue w = stack.at(0);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'stack.at(0)' is copied out of the container
  // CHECK-FIXES: {{^}}  IValue w = std::move(stack.at(0));{{$}}
  stack.erase(stack.begin());
  sink(w);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'w' is copied at its last use
  // CHECK-FIXES: {{^}}  sink(std::move(w));{{$}}
  return v; // implicit move: no finding
}

void drainQueue(std::deque<IValue> &queue, Stack &out) {
  while (!queue.empty()) {
    IValue next = queue.front();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'queue.front()' is copied out of the container
    // CHECK-FIXES: {{^}}    IValue next = std::move(queue.front());{{$}}
    queue.pop_front();
    out.push_back(next);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'next' is copied at its last use
    // CHECK-FIXES: {{^}}    out.push_back(std::move(next));{{$}}
  }
}

// --- An inference server collecting outputs ----------------------------------

struct Request {
  std::string id;
  Stack inputs;
};

class Batcher {
public:
  // A by-value parameter copied into a member: a constructor argument.
  Batcher(Stack firstBatch, at::Tensor weights) : pending_(firstBatch), weights_(weights) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'firstBatch' is copied at its last use; move it to avoid copying the container: an allocation and an atomic refcount increment and decrement per element [c10-intrusive-ptr-move]
  // CHECK-MESSAGES: :[[@LINE-2]]:82: warning: 'weights' is copied at its last use
  // CHECK-FIXES: {{^}}  Batcher(Stack firstBatch, at::Tensor weights) : pending_(std::move(firstBatch)), weights_(std::move(weights)) {}{{$}}

  void add(IValue input, bool urgent) {
    if (urgent) {
      pending_.insert(pending_.begin(), input);
      // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 'input' is copied at its last use
      // CHECK-FIXES: {{^}}      pending_.insert(pending_.begin(), std::move(input));{{$}}
    } else {
      pending_.push_back(input);
      // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'input' is copied at its last use
      // CHECK-FIXES: {{^}}      pending_.push_back(std::move(input));{{$}}
    }
  }

  void setWeights(at::Tensor w) {
    at::Tensor previous = weights_;
    weights_ = w;
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'w' is copied at its last use
    // CHECK-FIXES: {{^}}    weights_ = std::move(w);{{$}}
    history_.push_back(previous);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'previous' is copied at its last use
    // CHECK-FIXES: {{^}}    history_.push_back(std::move(previous));{{$}}
  }

  Stack pending_;
  at::Tensor weights_;
  std::vector<at::Tensor> history_;
};

at::Tensor forward(const at::Tensor &input);

void serve(const std::vector<Request> &requests, std::vector<IValue> &outputs,
           std::vector<Stack> &batches) {
  Stack batch;
  for (const Request &r : requests) {
    at::Tensor out = forward(r.inputs.at(0).toTensor());
    // The implicit IValue(Tensor) conversion copies the tensor.
    outputs.push_back(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'out' is copied at its last use
    // CHECK-FIXES: {{^}}    outputs.push_back(std::move(out));{{$}}
    IValue boxed = IValue(forward(r.id.empty() ? r.inputs[0].toTensor() : at::Tensor()));
    batch.push_back(boxed);
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'boxed' is copied at its last use
    // CHECK-FIXES: {{^}}    batch.push_back(std::move(boxed));{{$}}
  }
  batches.push_back(batch);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'batch' is copied at its last use; move it to avoid copying the container
  // CHECK-FIXES: {{^}}  batches.push_back(std::move(batch));{{$}}
}

// --- Other copies into a by-value parameter ----------------------------------

template <typename T> void keep(T value);

struct Pair {
  Pair(IValue a, IValue b);
};

Pair split(c10::intrusive_ptr<c10::ivalue::Tuple> tuple, IValue key, at::Tensor t) {
  IValue boxed(tuple);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'tuple' is copied at its last use
  // CHECK-FIXES: {{^}}  IValue boxed(std::move(tuple));{{$}}
  keep(key);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'key' is copied at its last use
  // CHECK-FIXES: {{^}}  keep(std::move(key));{{$}}
  sinkTensor(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 't' is copied at its last use
  // CHECK-FIXES: {{^}}  sinkTensor(std::move(t));{{$}}
  IValue other;
  other = boxed;
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'boxed' is copied at its last use
  // CHECK-FIXES: {{^}}  other = std::move(boxed);{{$}}
  return Pair(other, IValue(2));
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'other' is copied at its last use
  // CHECK-FIXES: {{^}}  return Pair(std::move(other), IValue(2));{{$}}
}

// A use on one branch and the copy on the other: the copy is still last.
void branches(IValue v, bool log, Stack &out) {
  if (log) {
    sink(v);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'v' is copied at its last use
    // CHECK-FIXES: {{^}}    sink(std::move(v));{{$}}
  } else {
    out.push_back(v);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'v' is copied at its last use
    // CHECK-FIXES: {{^}}    out.push_back(std::move(v));{{$}}
  }
}

// Re-assigned before the loop comes round again: each copy is a last use.
void reassigned(Stack &out, int n) {
  IValue acc;
  for (int i = 0; i < n; ++i) {
    acc = IValue(i);
    out.push_back(acc);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'acc' is copied at its last use
    // CHECK-FIXES: {{^}}    out.push_back(std::move(acc));{{$}}
  }
}

// A lambda's own local is analysed on the lambda's body.
auto makeCollector(Stack &out) {
  return [&out](int i) {
    IValue v(i);
    out.push_back(v);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'v' is copied at its last use
    // CHECK-FIXES: {{^}}    out.push_back(std::move(v));{{$}}
  };
}

void stacks(Stack s) {
  sinkStack(s);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 's' is copied at its last use; move it to avoid copying the container
  // CHECK-FIXES: {{^}}  sinkStack(std::move(s));{{$}}
}

// A try block whose handlers do not name the variable, with nothing after
// the try statement that reads it and no loop around it: if the call throws
// after the move, nothing sees the moved-from variable.
IValue guarded(Stack inputs) {
  try {
    return produceFrom(inputs);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'inputs' is copied at its last use; move it to avoid copying the container
    // CHECK-FIXES: {{^}}    return produceFrom(std::move(inputs));{{$}}
  } catch (const std::exception &e) {
    fail(e.what());
  }
  return IValue();
}

// Without exception edges the handler is the last use; the copy in the try
// block is not (see the negatives).
void handler(IValue v, Stack &out) {
  try {
    sink(v);
  } catch (...) {
    out.push_back(v);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'v' is copied at its last use
    // CHECK-FIXES: {{^}}    out.push_back(std::move(v));{{$}}
  }
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
