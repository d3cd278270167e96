// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: c10-ivalue
//
// The pop pattern (`out.push_back(stack.back()); stack.pop_back();` ->
// std::move) moves the element into what the call changes. Where that may be
// the container itself under another name, the move pushes the element onto
// the stack, the removal drops that copy and leaves the moved-from element
// on top: the move is offered only where the destination is provably another
// object.

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <vector>
// CHECK-FIXES: {{^}}#include <utility>{{$}}

using c10::IValue;
using Stack = std::vector<IValue>;

struct Frame {
  Stack locals;
  int64_t depth = 0;
};

// --- Another object: fix-its ---------------------------------------------------

Stack drainIntoLocal(Stack &stack) {
  Stack out;
  out.push_back(stack.back());
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'stack.back()' is copied out of the container and removed right after
  // CHECK-FIXES: {{^}}  out.push_back(std::move(stack.back()));{{$}}
  stack.pop_back();
  return out;
}

Frame drainIntoMemberOfLocal(Stack &stack) {
  Frame frame;
  frame.locals.push_back(stack.back());
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'stack.back()' is copied out of the container and removed right after
  // CHECK-FIXES: {{^}}  frame.locals.push_back(std::move(stack.back()));{{$}}
  stack.pop_back();
  return frame;
}

IValue popInto(Stack &stack) {
  IValue top = stack.back();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'stack.back()' is copied out of the container and removed right after
  // CHECK-FIXES: {{^}}  IValue top = std::move(stack.back());{{$}}
  stack.pop_back();
  return top;
}

// Two fields of one object are two objects.
class Machine {
public:
  void shift() {
    out_.push_back(stack_.back());
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'stack_.back()' is copied out of the container and removed right after
    // CHECK-FIXES: {{^}}    out_.push_back(std::move(stack_.back()));{{$}}
    stack_.pop_back();
  }
  void shiftExplicitThis() {
    this->out_.push_back(this->stack_.back());
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'this->stack_.back()' is copied out of the container and removed right after
    // CHECK-FIXES: {{^}}    this->out_.push_back(std::move(this->stack_.back()));{{$}}
    this->stack_.pop_back();
  }

private:
  Stack stack_;
  Stack out_;
};

// --- May be the same object: no finding ----------------------------------------

// A reference or pointer field may name the other field.
class Forwarder {
public:
  Forwarder(Stack &out, Stack *sink) : out_(out), sink_(sink) {}
  void shift() {
    out_.push_back(stack_.back()); // silent: `out_` may refer to `stack_`
    stack_.pop_back();
  }
  void shiftToSink() {
    sink_->push_back(stack_.back()); // silent: `sink_` may point to `stack_`
    stack_.pop_back();
  }
  void shiftOther(Machine &other) {
    stack_.push_back(stack_.back()); // silent: the container itself
    stack_.pop_back();
  }

  Stack stack_;

private:
  Stack &out_;
  Stack *sink_;
};

// A field of another object of the same class may be this one's.
struct Pair {
  void moveTo(Pair &other) {
    other.out_.push_back(stack_.back()); // silent: `other` may be `*this`
    stack_.pop_back();
  }
  Stack stack_;
  Stack out_;
};

void step(Stack &stack, Stack &out) {
  out.push_back(stack.back()); // silent: `step(s, s)` pushes onto the stack itself
  stack.pop_back();
}

void stepThroughPointer(Stack &stack, Stack *out) {
  out->push_back(stack.back()); // silent: `out` may point to the stack
  stack.pop_back();
}

void stepIntoFrame(Stack &stack, Frame &frame) {
  frame.locals.emplace_back(stack.back()); // silent: `frame.locals` may be the stack
  stack.pop_back();
}

void stepThroughLocalReference(Stack &stack, bool self) {
  Stack other;
  Stack &out = self ? stack : other;
  out.push_back(stack.back()); // silent: `out` names the stack when `self`
  stack.pop_back();
}

void stepByValueLocal(bool self) {
  Stack stack(2);
  Stack other;
  Stack &out = self ? stack : other;
  out.push_back(stack.back()); // silent: `out` names the stack when `self`
  stack.pop_back();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
