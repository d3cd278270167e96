// RUN: %check_c10_tidy %s c10-ivalue-ref-accessor %t
// REQUIRES: c10-ivalue
//
// Positives with their fix-its, and the receivers that get a warning only.

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <string>
#include <vector>

using c10::IValue;

std::size_t consume(const IValue &);

// --- Result dereferenced at once -------------------------------------------

std::size_t tupleArrow(const IValue &v) {
  return v.toTuple()->elements().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'toTuple()' copies an intrusive_ptr: atomic refcount increment and decrement; use 'toTupleRef()' instead [c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  return v.toTupleRef().elements().size();{{$}}
}

std::size_t tupleArrowNonConstLocal() {
  IValue v(c10::ivalue::Tuple::create(IValue(1), IValue(2)));
  return v.toTuple()->elements().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-FIXES: {{^}}  return v.toTupleRef().elements().size();{{$}}
}

const IValue &tupleStar(const IValue &v) {
  const c10::ivalue::Tuple &t = *v.toTuple();
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-FIXES: {{^}}  const c10::ivalue::Tuple &t = v.toTupleRef();{{$}}
  return t.elements()[0];
}

std::string stringArrow(const IValue &v) {
  return v.toString()->string();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'toString()' copies an intrusive_ptr: atomic refcount increment and decrement; use 'toStringRef()' instead
  // CHECK-FIXES: {{^}}  return v.toStringRef();{{$}}
}

std::size_t stringArrowChained(const IValue &v) {
  return v.toString()->string().size() + v.toString()->string_view().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'toString()' copies an intrusive_ptr{{.*}}use 'toStringRef()' instead
  // CHECK-MESSAGES: :[[@LINE-2]]:44: warning: 'toString()' copies an intrusive_ptr{{.*}}use 'toStringView()' instead
  // CHECK-FIXES: {{^}}  return v.toStringRef().size() + v.toStringView().size();{{$}}
}

std::size_t objectArrowAndStar(const IValue &v) {
  std::size_t n = consume(v.toObject()->getSlot(0));
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'toObject()' copies an intrusive_ptr{{.*}}use 'toObjectRef()' instead
  // CHECK-FIXES: {{^}}  std::size_t n = consume(v.toObjectRef().getSlot(0));{{$}}
  const c10::ivalue::Object &o = *v.toObject();
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'toObject()' copies an intrusive_ptr
  // CHECK-FIXES: {{^}}  const c10::ivalue::Object &o = v.toObjectRef();{{$}}
  return n + o.slots().size();
}

// --- Lists ------------------------------------------------------------------

std::size_t listReads(const IValue &v) {
  std::size_t n = v.toList().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'toList()' copies a c10::List, that is an intrusive_ptr: atomic refcount increment and decrement; use 'toListRef()' instead
  // CHECK-FIXES: {{^}}  std::size_t n = v.toListRef().size();{{$}}
  if (v.toList().empty())
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'toList()' copies a c10::List
    // CHECK-FIXES: {{^}}  if (v.toListRef().empty()){{$}}
    return 0;
  IValue first = v.toList().get(n - 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'toList()' copies a c10::List
  // CHECK-NOTES: :[[@LINE-2]]:20: note: no fix-it: 'get(i)' checks the index and throws std::out_of_range
  n += consume(v.toList()[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'toList()' copies a c10::List
  // CHECK-FIXES: {{^}}  n += consume(v.toListRef()[0]);{{$}}
  return n + consume(first);
}

std::size_t listRangeFor(const IValue &v) {
  std::size_t n = 0;
  for (const IValue &element : v.toList())
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'toList()' copies a c10::List
    // CHECK-FIXES: {{^}}  for (const IValue &element : v.toListRef()){{$}}
    n += consume(element);
  for (IValue element : v.toList())
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'toList()' copies a c10::List
    // CHECK-FIXES: {{^}}  for (IValue element : v.toListRef()){{$}}
    n += consume(element);
  for (const auto &element : v.toList())
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'toList()' copies a c10::List
    // CHECK-NOTES: :[[@LINE-2]]:32: note: no fix-it: the loop variable 'element' is 'auto': it would change from a list element reference to IValue
    // CHECK-FIXES: {{^}}  for (const auto &element : v.toList()){{$}}
    n += consume(element);
  return n;
}

// --- A local copy only read through -> and * --------------------------------

std::size_t localTuple(const IValue &v) {
  auto t = v.toTuple();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-FIXES: {{^}}  const auto& t = v.toTupleRef();{{$}}
  std::size_t n = t->elements().size();
  // CHECK-FIXES: {{^}}  std::size_t n = t.elements().size();{{$}}
  return n + consume((*t).elements()[0]);
  // CHECK-FIXES: {{^}}  return n + consume((t).elements()[0]);{{$}}
}

std::size_t localTupleExplicitType(IValue v) {
  c10::intrusive_ptr<c10::ivalue::Tuple> t = v.toTuple();
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-FIXES: {{^}}  const auto& t = v.toTupleRef();{{$}}
  return t->elements().size();
  // CHECK-FIXES: {{^}}  return t.elements().size();{{$}}
}

std::size_t localString(const IValue &v) {
  const auto s = v.toString();
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'toString()' copies an intrusive_ptr{{.*}}use 'toStringRef()' instead
  // CHECK-FIXES: {{^}}  const auto& s = v.toStringRef();{{$}}
  return s->string().size() + s->string().find('x');
  // CHECK-FIXES: {{^}}  return s.size() + s.find('x');{{$}}
}

std::size_t localStringView(const IValue &v) {
  auto s = v.toString();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'toString()' copies an intrusive_ptr
  // CHECK-NOTES: :[[@LINE-2]]:14: note: no fix-it: not every use of 's' can be rewritten
  return s->string_view().size();
}

// --- Receivers a reference could outlive: warning, no fix-it ----------------

std::size_t containerElement(std::vector<IValue> &stack) {
  auto t = stack.back().toTuple(); // silent: the copy keeps the tuple alive past the pop
  stack.pop_back();
  return t->elements().size();
}

std::size_t containerElementAtOnce(std::vector<IValue> &stack, std::size_t i) {
  return stack[i].toTuple()->elements().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-NOTES: :[[@LINE-2]]:19: note: no fix-it: 'stack[i]' is not a local variable or parameter
}

std::size_t receiverModified(IValue v) {
  auto t = v.toTuple(); // silent: 'v' is reassigned while 't' is used
  v = IValue(0);
  return t->elements().size();
}

std::size_t receiverModifiedInSameExpression(IValue v) {
  return consume(v = v.toTuple()->elements()[0]); // silent: 'v' is written in the same expression
}

std::size_t receiverAddressTaken(IValue v, IValue *&out) {
  out = &v;
  return v.toTuple()->elements().size() + v.toList().size();
  // Only the region of a borrow counts: here the full-expression, which
  // neither writes `v` nor takes its address.
  // CHECK-MESSAGES: :[[@LINE-3]]:12: warning: 'toTuple()'
  // CHECK-MESSAGES: :[[@LINE-4]]:45: warning: 'toList()'
  // CHECK-FIXES: {{^}}  return v.toTupleRef().elements().size() + v.toListRef().size();{{$}}
}

std::size_t localAddressEscapes(IValue v, IValue *&out) {
  auto t = v.toTuple(); // silent: the address of 'v' escapes while 't' is used
  out = &v;
  return t->elements().size();
}

std::size_t throughPointer(const IValue *p) {
  return p->toTuple()->elements().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'toTuple()'
  // CHECK-NOTES: :[[@LINE-2]]:13: note: no fix-it: the IValue is reached through a pointer
}

struct Holder {
  IValue member;
  std::size_t size() const {
    return member.toTuple()->elements().size();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'toTuple()'
    // CHECK-NOTES: :[[@LINE-2]]:19: note: no fix-it: 'member' is not a local variable or parameter
  }
};

// --- NOLINT -----------------------------------------------------------------

std::size_t suppressed(const IValue &v) {
  return v.toTuple()->elements().size(); // NOLINT(c10-ivalue-ref-accessor)
}

// --- The handle's raw pointer used at once ----------------------------------

std::string stringThroughGet(const IValue &v) {
  return v.toString().get()->string();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'toString()' copies an intrusive_ptr{{.*}}use 'toStringRef()' instead [c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  return v.toStringRef();{{$}}
}

std::size_t tupleThroughGet(const IValue &v) {
  return v.toTuple().get()->elements().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'toTuple()' copies an intrusive_ptr{{.*}}use 'toTupleRef()' instead [c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  return v.toTupleRef().elements().size();{{$}}
}

// Silent: the raw pointer is kept in a variable; only a pointer used within
// the full-expression is rewritten.
std::size_t rawPointerKept(const IValue &v) {
  auto *t = v.toTuple().get();
  return t->elements().size();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
