// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy -check-suffix=ALL,ALONE %s c10-intrusive-ptr-move %t
// RUN: %check_c10_tidy -check-suffix=ALL,ALONE,BESIDE %s 'c10-intrusive-ptr-move,c10-ivalue-ref-accessor,c10-ivalue-vector-copy' %t-beside
// RUN: %check_c10_tidy -check-suffix=ALL,UP %s 'c10-intrusive-ptr-move,performance-unnecessary-value-param' %t-up
// REQUIRES: c10-ivalue
//
// An IValue accessor that returns a handle by value (`toTuple() const&`,
// `toIntList() const&`) copies it, one atomic refcount increment and
// decrement, where its `&&` twin called on the IValue moved hands the payload
// over. Advised at the IValue's last use (or an element's last read) when the
// copy is handed on: returned, passed, assigned, or (for an accessor without
// a borrowing twin such as toTupleRef, or one that is itself handed on) a
// variable's initialiser. A copy only
// read through (`toIntList().vec()`, `toTuple()->elements()`) or a variable
// initialised by toTuple() belongs to other advice: with those checks on,
// each saving is reported once.

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <vector>
// CHECK-FIXES-ALL: {{^}}#include <utility>{{$}}

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

void keepTuple(TuplePtr t);
void lookAtTuple(const TuplePtr &t);
void keepSizes(c10::List<int64_t> sizes);
IValue produce();

struct Out {
  c10::List<double> scales;
  TuplePtr state;
};

// --- Moved: the copy is handed on ---------------------------------------------

TuplePtr returned() {
  IValue out = produce();
  return out.toTuple();
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:10: warning: 'out' is copied out through 'toTuple()' at its last use; call it on 'std::move(out)' to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-FIXES-ALL: {{^}}  return std::move(out).toTuple();{{$}}
}

// Beside performance-unnecessary-value-param, which advises `const IValue&`
// for a parameter only read (toTuple() is const&), that advice stands alone.
void passedByValue(IValue out) {
  // CHECK-MESSAGES-UP: :[[@LINE-1]]:27: warning: the parameter 'out' {{(of type .* )?}}is copied for each invocation but only used as a const reference
  keepTuple(out.toTuple());
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:13: warning: 'out' is copied out through 'toTuple()' at its last use
  // CHECK-FIXES-ALONE: {{^}}  keepTuple(std::move(out).toTuple());{{$}}
}

void assigned(Out &o) {
  IValue scales = produce();
  o.scales = scales.toDoubleList();
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:14: warning: 'scales' is copied out through 'toDoubleList()' at its last use
  // CHECK-FIXES-ALL: {{^}}  o.scales = std::move(scales).toDoubleList();{{$}}
}

int64_t initialisesVariable() {
  IValue arg = produce();
  c10::List<int64_t> sizes = arg.toIntList();
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:30: warning: 'arg' is copied out through 'toIntList()' at its last use
  // CHECK-FIXES-ALL: {{^}}  c10::List<int64_t> sizes = std::move(arg).toIntList();{{$}}
  return sizes.get(0);
}

// toTuple() into a variable that is itself handed on: no borrow can stand in
// for it, so the copy is saved by the move (and the variable moved in turn).
void tupleVariableKept(Out &o) {
  IValue out = produce();
  TuplePtr kept = out.toTuple();
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:19: warning: 'out' is copied out through 'toTuple()' at its last use
  // CHECK-FIXES-ALL: {{^}}  TuplePtr kept = std::move(out).toTuple();{{$}}
  o.state = kept;
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:13: warning: 'kept' is copied at its last use
  // CHECK-FIXES-ALL: {{^}}  o.state = std::move(kept);{{$}}
}

TuplePtr tupleVariableReturned() {
  IValue out = produce();
  TuplePtr t = out.toTuple();
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:16: warning: 'out' is copied out through 'toTuple()' at its last use
  // CHECK-FIXES-ALL: {{^}}  TuplePtr t = std::move(out).toTuple();{{$}}
  return t;
}

// An element of a local stack, at its last read.
void elements(Out &o) {
  std::vector<IValue> stack{produce(), produce()};
  o.scales = stack[1].toDoubleList();
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:14: warning: 'stack[1]' is copied out through 'toDoubleList()' where it is read for the last time (later code reads only other elements of 'stack'); call it on the element moved
  // CHECK-FIXES-ALL: {{^}}  o.scales = std::move(stack[1]).toDoubleList();{{$}}
  keepSizes(stack[0].toIntList());
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:13: warning: 'stack[0]' is copied out through 'toIntList()' at the last use of 'stack'
  // CHECK-FIXES-ALL: {{^}}  keepSizes(std::move(stack[0]).toIntList());{{$}}
}

// --- Silent ---------------------------------------------------------------------

// Read again after the copy.
int64_t readAgain(Out &o) {
  IValue scales = produce();
  o.scales = scales.toDoubleList();
  // CHECK-FIXES-ALL: {{^}}  o.scales = scales.toDoubleList();{{$}}
  return scales.isDoubleList() ? 1 : 0;
}

// Read through: c10-ivalue-vector-copy's advice (toIntVector) where it is on.
std::vector<int64_t> readThrough() {
  IValue arg = produce();
  return arg.toIntList().vec();
  // CHECK-FIXES-ALL: {{^}}  return arg.toIntList().vec();{{$}}
}

// toTuple() into a variable or a const reference: a borrow through
// toTupleRef() where that is all the code needs (c10-ivalue-ref-accessor).
int64_t tupleVariable() {
  IValue out = produce();
  TuplePtr t = out.toTuple();
  // CHECK-MESSAGES-BESIDE: :[[@LINE-1]]:20: warning: 'toTuple()' copies an intrusive_ptr{{.*}}[c10-ivalue-ref-accessor]
  return t->elements()[0].toInt();
}

void tupleLooked() {
  IValue out = produce();
  lookAtTuple(out.toTuple());
  // CHECK-FIXES-ALL: {{^}}  lookAtTuple(out.toTuple());{{$}}
}

// Nothing refcounted: toDouble() and toInt() copy plain values.
double plainValues() {
  IValue x = produce();
  return x.toDouble();
}

// A reference names the caller's IValue.
TuplePtr throughReference(const IValue &out) { return out.toTuple(); }
