// HandleClasses and ContainerClasses let a fork name its own handle types;
// naming them replaces the defaults:
// RUN: %check_c10_tidy -check-suffix=FORK %s c10-intrusive-ptr-move %t-fork \
// RUN:   -config-options="{HandleClasses: 'myfork::Handle;myfork::CopyOnly', ContainerClasses: '::myfork::SmallVector'}"
//
// With performance-unnecessary-value-param enabled too, a by-value parameter
// it reports (never modified) is left to it; one it does not report is ours:
// RUN: %clang_tidy_plugin %s --config="{Checks: '-*,c10-intrusive-ptr-move,performance-unnecessary-value-param'}" \
// RUN:   -- %c10_flags -DUPSTREAM 2>&1 | %FileCheck %s --check-prefix=UPSTREAM --implicit-check-not='warning:'
//
// A malformed option is a configuration error (non-zero exit), not a crash:
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-intrusive-ptr-move', \
// RUN:   CheckOptions: {c10-intrusive-ptr-move.HandleClasses: 'c10::IValue;not a name'}}" \
// RUN:   -- %c10_flags 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: error: invalid value 'not a name' in option 'c10-intrusive-ptr-move.HandleClasses': expected a ';'-separated list of qualified class names such as '::c10::IValue'; the check is disabled [clang-tidy-config]
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-intrusive-ptr-move', \
// RUN:   CheckOptions: {c10-intrusive-ptr-move.ContainerClasses: ' ; '}}" \
// RUN:   -- %c10_flags 2>&1 | %FileCheck %s --check-prefix=EMPTY
// EMPTY: error: invalid value ' ; ' in option 'c10-intrusive-ptr-move.ContainerClasses'
//
// REQUIRES: c10-ivalue

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <vector>

namespace myfork {
// A refcounted handle of a fork: copy and move like intrusive_ptr.
class Handle {
public:
  Handle();
  Handle(const Handle &);
  Handle(Handle &&) noexcept;
  Handle &operator=(const Handle &);
  Handle &operator=(Handle &&) noexcept;
  ~Handle();
};
template <typename T> class SmallVector {
public:
  SmallVector();
  SmallVector(const SmallVector &);
  SmallVector(SmallVector &&) noexcept;
  void push_back(const T &);
  void push_back(T &&);
};
// No move constructor: std::move would copy, so no finding.
class CopyOnly {
public:
  CopyOnly();
  CopyOnly(const CopyOnly &);
  ~CopyOnly();
};
} // namespace myfork

void sinkHandle(myfork::Handle h);
void sinkVector(myfork::SmallVector<myfork::Handle> v);
void sinkIValue(c10::IValue v);
void sinkCopyOnly(myfork::CopyOnly c);

#ifndef UPSTREAM
void fork(myfork::SmallVector<myfork::Handle> &out, c10::IValue iv) {
  myfork::Handle h;
  myfork::Handle g;
  sinkHandle(h);
  // CHECK-MESSAGES-FORK: :[[@LINE-1]]:14: warning: 'h' is copied at its last use; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-FIXES-FORK: {{^}}  sinkHandle(std::move(h));{{$}}
  out.push_back(g);
  // CHECK-MESSAGES-FORK: :[[@LINE-1]]:17: warning: 'g' is copied at its last use
  // CHECK-FIXES-FORK: {{^}}  out.push_back(std::move(g));{{$}}
  myfork::SmallVector<myfork::Handle> batch;
  sinkVector(batch);
  // CHECK-MESSAGES-FORK: :[[@LINE-1]]:14: warning: 'batch' is copied at its last use; move it to avoid copying the container
  // CHECK-FIXES-FORK: {{^}}  sinkVector(std::move(batch));{{$}}
  sinkIValue(iv); // IValue is no longer in the list
  myfork::CopyOnly c;
  sinkCopyOnly(c); // no move constructor: std::move would copy
}
#endif

#ifdef UPSTREAM
using Stack = std::vector<c10::IValue>;

// Never modified: performance-unnecessary-value-param suggests a const
// reference; this check stays silent.
void addOnce(c10::IValue v, Stack &out) { out.push_back(v); }
// UPSTREAM: :[[@LINE-1]]:26: warning: the parameter 'v' {{(of type .* )?}}is copied for each invocation but only used as a const reference{{.*}}[performance-unnecessary-value-param]

// Modified before the copy: upstream is silent, the last-use copy is ours.
void addNormalised(c10::IValue v, Stack &out) {
  if (v.isNone())
    v = c10::IValue(0);
  out.push_back(v);
  // UPSTREAM: :[[@LINE-1]]:17: warning: 'v' is copied at its last use{{.*}}[c10-intrusive-ptr-move]
}

// A local is never upstream's business.
void addLocal(Stack &out) {
  c10::IValue v(1);
  out.push_back(v);
  // UPSTREAM: :[[@LINE-1]]:17: warning: 'v' is copied at its last use{{.*}}[c10-intrusive-ptr-move]
}
#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
