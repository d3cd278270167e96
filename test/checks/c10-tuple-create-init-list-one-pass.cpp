// RUN: %check_c10_tidy %s 'c10-tuple-create-init-list,c10-intrusive-ptr-move,c10-refcounted-copy' %t
// RUN: %clang_tidy_plugin %t.dir/fixed.cpp \
// RUN:   --config="{Checks: '-*,c10-tuple-create-init-list,c10-intrusive-ptr-move,c10-refcounted-copy'}" \
// RUN:   -- %c10_flags 2>&1 | %FileCheck --allow-empty --check-prefix=SECOND %s
// REQUIRES: c10-ivalue
//
// One pass leaves nothing to fix. c10::List declares its copy constructor
// and so has no move constructor of its own, yet IValue has a constructor
// that takes a List rvalue over: a List at its last use in a braced list is
// moved by the rewrite to arguments in the same pass. Left as a copy, the
// rewritten call would offer the move (c10-intrusive-ptr-move) on a second
// lint.
// SECOND-NOT: warning:

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <utility>

using c10::IValue;
using c10::ivalue::Tuple;
using TuplePtr = c10::intrusive_ptr<Tuple>;

std::int64_t indexOf(std::int64_t line);

// The list is the last use on both paths: one for an empty source, one after
// it was filled.
TuplePtr linesRecord(bool empty, std::int64_t count, std::int64_t first) {
  TuplePtr record;
  c10::List<std::int64_t> lines;
  if (empty) {
    record = Tuple::create({lines, 0, 0});
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'Tuple::create' with a braced list {{.*}}[c10-tuple-create-init-list]
    // CHECK-FIXES: {{^}}    record = Tuple::create(std::move(lines), 0, 0);{{$}}
  } else {
    for (std::int64_t i = 0; i < count; ++i)
      lines.push_back(indexOf(i));
    record = Tuple::create(
        {lines, count, first});
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'Tuple::create' with a braced list {{.*}}[c10-tuple-create-init-list]
    // CHECK-FIXES: {{^}}    record = Tuple::create({{$}}
    // CHECK-FIXES-NEXT: {{^}}        std::move(lines), count, first);{{$}}
  }
  return record;
}

// Read after the tuple is made: copied, and nothing is left for a second pass.
TuplePtr listUsedAfter(std::int64_t n) {
  c10::List<std::int64_t> sizes;
  sizes.push_back(n);
  TuplePtr t = Tuple::create({sizes, n});
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tuple::create' with a braced list {{.*}}[c10-tuple-create-init-list]
  // CHECK-FIXES: {{^}}  TuplePtr t = Tuple::create(sizes, n);{{$}}
  sizes.push_back(n + 1);
  return t;
}

// Two lists and an IValue in one call, each at its last use.
TuplePtr threeHandles(const IValue &seed) {
  c10::List<std::int64_t> a;
  c10::List<double> b;
  IValue c = seed;
  a.push_back(1);
  b.push_back(2.0);
  return Tuple::create({a, b, c});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list {{.*}}[c10-tuple-create-init-list]
  // CHECK-FIXES: {{^}}  return Tuple::create(std::move(a), std::move(b), std::move(c));{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
