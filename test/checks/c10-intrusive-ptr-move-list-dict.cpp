// c10::List and c10::Dict are decided from libtorch 1.13's API: they have no
// move constructor (a "moved" List is copied), so the only move that saves
// anything is into `IValue(c10::List<T>&&)`, which takes the list over.
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
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
