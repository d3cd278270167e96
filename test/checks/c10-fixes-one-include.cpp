// RUN: %check_c10_tidy %s 'c10-tuple-create-init-list,c10-intrusive-ptr-move' %t
// RUN: %check_c10_tidy %s c10-tuple-create-init-list %t -check-suffix=CREATE
// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t -check-suffix=MOVE
// REQUIRES: c10-ivalue
//
// Two checks whose fix-its need std::move, in a file without <utility>:
// each adds the include when it runs alone, and run together the file gets
// it once (clang-tidy -fix would repeat two identical insertions). The runner
// compiles every fixed file.

#include <ATen/core/ivalue.h>
#include <vector>
// CHECK-FIXES: {{^}}#include <ATen/core/ivalue.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <utility>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <vector>{{$}}
// CHECK-FIXES-CREATE: {{^}}#include <ATen/core/ivalue.h>{{$}}
// CHECK-FIXES-CREATE-NEXT: {{^}}#include <utility>{{$}}
// CHECK-FIXES-CREATE-NEXT: {{^}}#include <vector>{{$}}
// CHECK-FIXES-MOVE: {{^}}#include <ATen/core/ivalue.h>{{$}}
// CHECK-FIXES-MOVE-NEXT: {{^}}#include <utility>{{$}}
// CHECK-FIXES-MOVE-NEXT: {{^}}#include <vector>{{$}}

using c10::IValue;
using c10::ivalue::Tuple;

c10::intrusive_ptr<Tuple> pair(bool flag) {
  IValue first = flag;
  IValue second = 2;
  return Tuple::create({first, second});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list {{.*}}[c10-tuple-create-init-list]
  // CHECK-FIXES: {{^}}  return Tuple::create(std::move(first), std::move(second));{{$}}
  // CHECK-MESSAGES-CREATE: :[[@LINE-3]]:24: warning: 'Tuple::create' with a braced list {{.*}}[c10-tuple-create-init-list]
  // CHECK-FIXES-CREATE: {{^}}  return Tuple::create(std::move(first), std::move(second));{{$}}
  // Alone, c10-intrusive-ptr-move moves the list's elements instead.
  // CHECK-MESSAGES-MOVE: :[[@LINE-6]]:25: warning: 'first' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-MESSAGES-MOVE: :[[@LINE-7]]:32: warning: 'second' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES-MOVE: {{^}}  return Tuple::create({std::move(first), std::move(second)});{{$}}
}

void keep(std::vector<IValue> &out) {
  IValue value = 3;
  out.push_back(value);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'value' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  out.push_back(std::move(value));{{$}}
  // CHECK-MESSAGES-MOVE: :[[@LINE-3]]:17: warning: 'value' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES-MOVE: {{^}}  out.push_back(std::move(value));{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
