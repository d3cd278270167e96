// Tuples are matched by class and method name and by return type, not by the
// declarations of one PyTorch release. Before TupleElements (PyTorch < 1.11)
// and in this stand-in, elements() returns `const std::vector<IValue>&`. (The
// reference configuration's -I would take precedence over the stand-in.)
// RUN: %if runtime-libtorch %{ %check_c10_tidy -check-suffix=VECTOR %s c10-tuple-elements-copy \
// RUN:   %t-vector -- -DVECTOR -isystem %S/Inputs/newer-pytorch %}
//
// TupleClasses lets a fork name its own tuple class (and drops the default):
// RUN: %check_c10_tidy -check-suffix=FORK %s c10-tuple-elements-copy %t-fork \
// RUN:   -config-options="{TupleClasses: '::myfork::Tuple'}" -- -DFORK
//
// A malformed option is a configuration error (non-zero exit), not a crash:
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-tuple-elements-copy', \
// RUN:   CheckOptions: {c10-tuple-elements-copy.TupleClasses: 'c10::ivalue::Tuple;my fork::Tuple'}}" \
// RUN:   -- -DFORK 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: error: invalid value 'my fork::Tuple' in option 'c10-tuple-elements-copy.TupleClasses': expected a ';'-separated list of qualified class names such as '::c10::ivalue::Tuple'; the check is disabled [clang-tidy-config]
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-tuple-elements-copy', \
// RUN:   CheckOptions: {c10-tuple-elements-copy.TupleClasses: ' ; '}}" \
// RUN:   -- -DFORK 2>&1 | %FileCheck %s --check-prefix=EMPTY
// EMPTY: error: invalid value ' ; ' in option 'c10-tuple-elements-copy.TupleClasses'

#include <cstddef>
#include <utility>
#include <vector>

#ifdef VECTOR
#include <ATen/core/ivalue.h>

std::size_t vectorElements(const c10::IValue &v) {
  std::vector<c10::IValue> e = v.toTupleRef().elements();
  // CHECK-MESSAGES-VECTOR: :[[@LINE-1]]:47: warning: the copy of 'v.toTupleRef().elements()' copies every element (one refcount increment each) into 'e', which is only read
  // CHECK-FIXES-VECTOR: {{^}}  const auto& e = v.toTupleRef().elements();{{$}}
  std::size_t n = e.size();
  for (const c10::IValue &x : e)
    n += &x == nullptr ? 0 : 1;
  return n;
}
#endif

#ifdef FORK
namespace myfork {
struct Value {};
struct Elements {
  Elements(const Elements &);
  ~Elements();
  std::size_t size() const;
  const Value &operator[](std::size_t) const;
  std::vector<Value> vec() const &;
  std::vector<Value> vec() &&;
  operator std::vector<Value>() const &;
};
struct Tuple {
  const Elements &elements() const &;
  Elements elements() &&;
};
} // namespace myfork

std::size_t consume(const myfork::Value &);

std::size_t forkAlone(const myfork::Tuple &t) {
  std::vector<myfork::Value> e = t.elements();
  // CHECK-MESSAGES-FORK: :[[@LINE-1]]:36: warning: converting 't.elements()' to std::vector copies every element
  // CHECK-FIXES-FORK: {{^}}  const auto& e = t.elements();{{$}}
  return e.size() + consume(e[0]);
}

// 'owned' may be the same tuple as 't': its elements are moved out below,
// after the last read of 'e'. A reference would not see that, but the copy
// keeps the old elements alive to the end of the function and a reference
// would not: the advice stands, without a fix-it.
std::size_t fork(const myfork::Tuple &t, myfork::Tuple &&owned) {
  std::vector<myfork::Value> e = t.elements();
  // CHECK-MESSAGES-FORK: :[[@LINE-1]]:36: warning: converting 't.elements()' to std::vector copies every element
  // CHECK-MESSAGES-FORK: :[[@LINE-2]]:36: note: no fix-it: 't' may be changed through another name after the reference's last read, which could release what the copy keeps alive to the end of its scope: 'elements' is given it to change
  // CHECK-FIXES-FORK: {{^}}  std::vector<myfork::Value> e = t.elements();{{$}}
  std::size_t n = e.size() + consume(t.elements().vec()[0]);
  // CHECK-MESSAGES-FORK: :[[@LINE-1]]:51: warning: 't.elements().vec()' copies every element
  // CHECK-FIXES-FORK: {{^}}  std::size_t n = e.size() + consume(t.elements()[0]);{{$}}
  std::vector<myfork::Value> moved = std::move(owned).elements();
  return n + moved.size();
}
#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
