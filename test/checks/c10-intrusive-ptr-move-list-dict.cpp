// c10::List and c10::Dict are decided from libtorch 1.13's API: they have no
// move constructor (a "moved" List is copied), so the only moves that save
// anything are into `IValue(c10::List<T>&&)` and `c10::impl::toList(List<T>&&)`,
// which take the list's storage over.
// REQUIRES: runtime-libtorch
// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <string>
#include <vector>

using c10::IValue;

IValue *typedList(const std::vector<std::int64_t> &values) {
  c10::List<std::int64_t> l;
  for (std::int64_t x : values)
    l.push_back(x);
  return new IValue(l);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'l' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return new IValue(std::move(l));{{$}}
}

void assignTyped(std::vector<IValue> &out, c10::List<double> l) {
  out[0] = l;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'l' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  out[0] = std::move(l);{{$}}
}

// --- Silent: IValue takes these by value, and their copy is all a move does.

IValue genericList(c10::List<IValue> l) { return IValue(l); }

IValue dict(c10::Dict<std::string, std::int64_t> d) { return IValue(d); }

std::vector<c10::List<std::int64_t>> kept(c10::List<std::int64_t> l) {
  std::vector<c10::List<std::int64_t>> v;
  v.push_back(l);
  return v;
}

// --- c10::impl::toList: its `List<T>&&` overload moves the storage out ------

c10::List<IValue> boxedAtLastUse(const std::vector<std::int64_t> &values) {
  c10::List<std::int64_t> l;
  for (std::int64_t x : values)
    l.push_back(x);
  return c10::impl::toList(l);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'l' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return c10::impl::toList(std::move(l));{{$}}
}

void boxedInto(std::vector<c10::List<IValue>> &out, c10::List<double> l) {
  out.push_back(c10::impl::toList(l));
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'l' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  out.push_back(c10::impl::toList(std::move(l)));{{$}}
}

// Silent: read again after the call, a const reference, a typed list made
// back from a generic one (taken by value: the copy is all a move does).
std::size_t boxedThenRead(c10::List<std::int64_t> l) {
  c10::List<IValue> g = c10::impl::toList(l);
  return g.size() + l.size();
}

c10::List<IValue> boxedFromConst(const c10::List<std::int64_t> &l) {
  return c10::impl::toList(l);
}

c10::List<std::int64_t> typedAgain(c10::List<IValue> g) {
  return c10::impl::toTypedList<std::int64_t>(g);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
