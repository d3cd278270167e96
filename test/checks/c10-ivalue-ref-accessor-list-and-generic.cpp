// `toList()` into a local that is then only read, and the generic spelling
// `to<c10::intrusive_ptr<ivalue::Tuple>>()` of `toTuple()`.
// REQUIRES: c10-ivalue
// RUN: %check_c10_tidy %s c10-ivalue-ref-accessor %t

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <utility>

using c10::IValue;

std::int64_t sumList(const IValue &v) {
  c10::List<IValue> l = v.toList();
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'toList()' copies a c10::List, that is an intrusive_ptr: atomic refcount increment and decrement; use 'toListRef()' instead [c10-ivalue-ref-accessor]
  // CHECK-NOTES: :[[@LINE-2]]:27: note: no fix-it: 'get(i)' checks the index and throws std::out_of_range
  std::int64_t n = 0;
  for (std::size_t i = 0; i < l.size(); ++i)
    n += l.get(i).toInt();
  for (const IValue &e : l)
    n += e.toInt();
  return n + (l.empty() ? 0 : 1);
}

// An element of a vector: reported; the fix-it needs the element to stay put.
std::int64_t autoElement(const std::vector<IValue> &elems, std::size_t i) {
  auto l = elems[i].toList();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'toList()' copies a c10::List{{.*}}use 'toListRef()' instead [c10-ivalue-ref-accessor]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: no fix-it: 'elems[i]' is not a local variable or parameter{{.*}}
  return static_cast<std::int64_t>(l.size());
}

std::size_t generic(const IValue &v) {
  auto t = v.to<c10::intrusive_ptr<c10::ivalue::Tuple>>();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'to<c10::intrusive_ptr<c10::ivalue::Tuple>>()' copies an intrusive_ptr: atomic refcount increment and decrement; use 'toTupleRef()' instead [c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  const auto& t = v.toTupleRef();{{$}}
  return t->elements().size();
  // CHECK-FIXES: {{^}}  return t.elements().size();{{$}}
}

std::size_t genericArrow(const IValue &v) {
  return v.to<c10::intrusive_ptr<c10::ivalue::Tuple>>()->elements().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'to<c10::intrusive_ptr<c10::ivalue::Tuple>>()' copies an intrusive_ptr{{.*}}use 'toTupleRef()' instead [c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  return v.toTupleRef().elements().size();{{$}}
}

// --- Silent ------------------------------------------------------------------

// The list is changed through the handle: it needs the ownership.
void appends(const IValue &v) {
  c10::List<IValue> l = v.toList();
  l.push_back(IValue(1));
}

// Handed on: the handle is needed.
c10::List<IValue> handedOn(const IValue &v) {
  c10::List<IValue> l = v.toList();
  return l;
}

// A moved-from IValue: `to` on an rvalue already steals.
std::size_t movedFrom(IValue v) {
  return std::move(v).to<c10::intrusive_ptr<c10::ivalue::Tuple>>()->elements().size();
}

// Another target type has no borrowing accessor to name.
std::int64_t otherType(const IValue &v) { return v.to<std::int64_t>(); }

// Two reads in one braced initialiser: each rewritten once.
std::pair<IValue, IValue> twoInOneBraced(const IValue &v) {
  c10::List<IValue> l = v.toList();
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'toList()' copies a c10::List{{.*}}[c10-ivalue-ref-accessor]
  // CHECK-NOTES: :[[@LINE-2]]:27: note: no fix-it: 'get(i)' checks the index
  return {l.get(0), l.get(1)};
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
