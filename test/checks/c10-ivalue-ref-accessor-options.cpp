// The check matches accessors by class and method name and by ref-qualifier,
// not by the declarations of one PyTorch release:
// RUN: %check_c10_tidy -check-suffix=NEWER %s c10-ivalue-ref-accessor %t-newer \
// RUN:   -- -DNEWER -isystem %S/Inputs/newer-pytorch
//
// IValueClasses lets a fork name its own class; rvalue receivers are told apart
// by value category where there are no ref-qualified overloads:
// RUN: %check_c10_tidy -check-suffix=FORK %s c10-ivalue-ref-accessor %t-fork \
// RUN:   -config-options="{IValueClasses: 'c10::IValue;::myfork::Value'}" -- -DFORK -I %S/Inputs/fork
//
// A malformed option is a configuration error (non-zero exit), not a crash:
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-ivalue-ref-accessor', \
// RUN:   CheckOptions: {c10-ivalue-ref-accessor.IValueClasses: 'c10::IValue;my fork::Value'}}" \
// RUN:   -- -DFORK -I %S/Inputs/fork 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: error: invalid value 'my fork::Value' in option 'c10-ivalue-ref-accessor.IValueClasses': expected a ';'-separated list of qualified class names such as '::c10::IValue'; the check is disabled [clang-tidy-config]
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-ivalue-ref-accessor', \
// RUN:   CheckOptions: {c10-ivalue-ref-accessor.IValueClasses: ';'}}" \
// RUN:   -- -DFORK -I %S/Inputs/fork 2>&1 | %FileCheck %s --check-prefix=EMPTY
// EMPTY: error: invalid value ';' in option 'c10-ivalue-ref-accessor.IValueClasses'

#ifdef NEWER
#include <ATen/core/ivalue.h>

std::size_t newer(const c10::IValue &v, c10::IValue &&r) {
  std::size_t n = v.toTuple()->elements().size();
  // CHECK-MESSAGES-NEWER: :[[@LINE-1]]:21: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-FIXES-NEWER: {{^}}  std::size_t n = v.toTupleRef().elements().size();{{$}}
  n += v.toString()->string_view().size() + v.toObject()->getSlot(0).toTuple()->elements().size();
  // CHECK-MESSAGES-NEWER: :[[@LINE-1]]:10: warning: 'toString()' copies an intrusive_ptr{{.*}}'toStringView()'
  // CHECK-MESSAGES-NEWER: :[[@LINE-2]]:47: warning: 'toObject()' copies an intrusive_ptr
  // CHECK-MESSAGES-NEWER: :[[@LINE-3]]:70: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-NOTES-NEWER: :[[@LINE-4]]:70: note: no fix-it: 'v.toObject()->getSlot(0)' is not a local variable or parameter
  // CHECK-FIXES-NEWER: {{^}}  n += v.toStringView().size() + v.toObjectRef().getSlot(0).toTuple()->elements().size();{{$}}
  for (const c10::IValue &e : v.toList())
    // CHECK-MESSAGES-NEWER: :[[@LINE-1]]:33: warning: 'toList()' copies a c10::List
    // CHECK-FIXES-NEWER: {{^}}  for (const c10::IValue &e : v.toListRef()){{$}}
    n += c10::IValue(e.toList().get(0)).toList().size();
    // CHECK-MESSAGES-NEWER: :[[@LINE-1]]:24: warning: 'toList()' copies a c10::List
    // CHECK-NOTES-NEWER: :[[@LINE-2]]:24: note: no fix-it: 'get(i)' checks the index
    // The second toList() has a temporary receiver (the explicit copy): it
    // binds the && overload and is not flagged. (PyTorch 2.6's get() returns
    // a reference, so without the copy the receiver would be an lvalue.)
  return n + std::move(r).toTuple()->elements().size();
}
#endif

#ifdef FORK
#include "fork_value.h"

std::size_t fork(const myfork::Value &v) {
  std::size_t n = v.toTuple()->elements().size();
  // CHECK-MESSAGES-FORK: :[[@LINE-1]]:21: warning: 'toTuple()' copies an intrusive_ptr
  // CHECK-FIXES-FORK: {{^}}  std::size_t n = v.toTupleRef().elements().size();{{$}}
  return n + myfork::makeValue().toTuple()->elements().size();
}
#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
