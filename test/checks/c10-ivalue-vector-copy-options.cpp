// IValueClasses and ListClasses let a fork name its own value and list
// classes; the accessors are matched by class and method name:
// RUN: %check_c10_tidy -check-suffix=FORK %s c10-ivalue-vector-copy %t-fork \
// RUN:   -config-options="{IValueClasses: 'c10::IValue;::myfork::Value', ListClasses: '::c10::List;myfork::List'}" \
// RUN:   -- -DFORK
//
// Without the option the fork's classes are not matched:
// RUN: %check_c10_tidy -check-suffix=DEFAULT %s c10-ivalue-vector-copy %t-default -- -DFORK
//
// A malformed option is a configuration error (non-zero exit), not a crash:
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-ivalue-vector-copy', \
// RUN:   CheckOptions: {c10-ivalue-vector-copy.IValueClasses: 'c10::IValue;my fork::Value'}}" \
// RUN:   -- -DFORK 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: error: invalid value 'my fork::Value' in option 'c10-ivalue-vector-copy.IValueClasses': expected a ';'-separated list of qualified class names such as '::c10::IValue'; the check is disabled [clang-tidy-config]
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-ivalue-vector-copy', \
// RUN:   CheckOptions: {c10-ivalue-vector-copy.ListClasses: ''}}" \
// RUN:   -- -DFORK 2>&1 | %FileCheck %s --check-prefix=EMPTY
// EMPTY: error: invalid value '' in option 'c10-ivalue-vector-copy.ListClasses': expected a ';'-separated list of qualified class names such as '::c10::List'

#ifdef FORK
#include <cstddef>
#include <cstdint>
#include <vector>

// A fork's value type with its own list view.
namespace myfork {
struct Value;
struct ListRef {
  std::size_t size() const;
  const Value &operator[](std::size_t) const;
};
template <class T> struct List {
  std::size_t size() const;
  std::vector<T> vec() const;
};
struct Value {
  int64_t toInt() const;
  std::vector<int64_t> toIntVector() const;
  List<Value> toList() const;
  ListRef toListRef() const;
};
} // namespace myfork

int64_t fork(const myfork::Value &shape, const myfork::List<int64_t> &dims) {
  int64_t n = shape.toIntVector()[0] + static_cast<int64_t>(shape.toList().vec().size());
  // CHECK-MESSAGES-FORK: :[[@LINE-1]]:21: warning: 'toIntVector()' copies the list
  // CHECK-MESSAGES-FORK: :[[@LINE-2]]:67: warning: 'toList().vec()' copies the list
  // CHECK-FIXES-FORK: {{^}}  int64_t n = shape.toIntVector()[0] + static_cast<int64_t>(shape.toListRef().size());{{$}}
  return n + static_cast<int64_t>(dims.vec().size());
  // CHECK-MESSAGES-FORK: :[[@LINE-1]]:40: warning: 'vec()' copies the c10::List into a new std::vector that is only read
  // CHECK-FIXES-FORK: {{^}}  return n + static_cast<int64_t>(dims.size());{{$}}
}
#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
