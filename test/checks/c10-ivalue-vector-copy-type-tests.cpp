// RUN: %check_c10_tidy %s c10-ivalue-vector-copy %t
// REQUIRES: c10-ivalue
//
// A typed accessor checks the list's element type and throws c10::Error on a
// mismatch; toListRef() does not. The rewrite is offered only where a passing
// test of that type (the one the accessor asserts), on the same variable,
// guards the call, with nothing between the test and the call that may change
// the variable, and no lambda between them.

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

using c10::IValue;

void mutate(IValue &);
void observe(bool);
bool check(bool);

// --- The matching test guards the call: fix-its ------------------------------

std::size_t matchingTests(const IValue &v) {
  std::size_t n = 0;
  if (v.isIntList())
    n += v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toListRef().size();{{$}}
  if (v.isDoubleList())
    n += v.toDoubleVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toDoubleVector()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toListRef().size();{{$}}
  if (v.isBoolList())
    n += v.to<std::vector<bool>>().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'to<std::vector<bool>>()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toListRef().size();{{$}}
  if (v.isTensorList() && n > 0)
    n += v.toTensorVector().size() + v.toTensorList().vec().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toTensorVector()' copies the list
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: 'toTensorList().vec()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toListRef().size() + v.toListRef().size();{{$}}
  if (v.isIntList())
    n += v.toDimVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toDimVector()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toListRef().size();{{$}}
  n += v.isIntList() ? v.toIntVector().size() : 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}  n += v.isIntList() ? v.toListRef().size() : 0;{{$}}
  if (!v.isIntList())
    n += 1;
  else
    n += v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toListRef().size();{{$}}
  return n;
}

std::size_t earlyReturn(IValue v) {
  if (!v.isIntList())
    return 0;
  std::size_t n = v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}  std::size_t n = v.toListRef().size();{{$}}
  return n;
}

// --- Look-alikes: a warning, no fix-it, the code unchanged -------------------

std::size_t otherListType(const IValue &v) {
  if (v.isDoubleList())
    return v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-NOTES: :[[@LINE-2]]:{{[0-9]+}}: note: no fix-it: 'toIntVector()' checks the list's element type and throws on a mismatch, 'toListRef()' does not: use it where the list is known to hold that type (where a passing 'isIntList()' test of the same variable guards it)
  // CHECK-FIXES: {{^}}    return v.toIntVector().size();{{$}}
  if (v.isIntList())
    return v.toTensorVector().size() + v.toDoubleVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toTensorVector()' copies the list
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: 'toDoubleVector()' copies the list
  // CHECK-FIXES: {{^}}    return v.toTensorVector().size() + v.toDoubleVector().size();{{$}}
  return 0;
}

std::size_t negatedOrWrapped(const IValue &v, const IValue &w, bool flag) {
  std::size_t n = 0;
  if (!v.isIntList())
    n += v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toIntVector().size();{{$}}
  if (flag ? v.isIntList() : true)
    n += v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toIntVector().size();{{$}}
  if (check(v.isIntList()))
    n += v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toIntVector().size();{{$}}
  if (v.isIntList() || flag)
    n += v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toIntVector().size();{{$}}
  if (w.isIntList())
    n += v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toIntVector().size();{{$}}
  if (v.isIntList())
    n += 1;
  else
    n += v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}    n += v.toIntVector().size();{{$}}
  if (!v.isIntList())
    return n + v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}    return n + v.toIntVector().size();{{$}}
  return n;
}

std::size_t changedAfterTest(IValue v, IValue &r, IValue &q) {
  std::size_t n = 0;
  if (v.isIntList()) {
    v = IValue(std::vector<double>{0.5});
    n += v.toIntVector().size();
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
    // CHECK-FIXES: {{^}}    n += v.toIntVector().size();{{$}}
  }
  if (v.isIntList()) {
    mutate(v);
    n += v.toIntVector().size();
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
    // CHECK-FIXES: {{^}}    n += v.toIntVector().size();{{$}}
  }
  // q may be a second name of r.
  if (r.isIntList()) {
    mutate(q);
    n += r.toIntVector().size();
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
    // CHECK-FIXES: {{^}}    n += r.toIntVector().size();{{$}}
  }
  // A by-value parameter has no other name: changing it leaves r as it was.
  if (r.isIntList()) {
    mutate(v);
    n += r.toIntVector().size();
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
    // CHECK-FIXES: {{^}}    n += r.toListRef().size();{{$}}
  }
  if (v.isIntList()) {
    for (int i = 0; i < 2; ++i) {
      n += v.toIntVector().size();
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
      // CHECK-FIXES: {{^}}      n += v.toIntVector().size();{{$}}
      v = IValue(1.5);
    }
  }
  if (!v.isIntList())
    return n;
  v = IValue(std::vector<double>{0.5});
  return n + v.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}  return n + v.toIntVector().size();{{$}}
}

std::function<std::size_t()> deferred(IValue &v) {
  std::function<std::size_t()> count;
  if (v.isIntList())
    count = [&v] { return v.toIntVector().size(); };
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}    count = [&v] { return v.toIntVector().size(); };{{$}}
  return count;
}

std::size_t jumpedInto(const IValue &v, int k) {
  std::size_t n = 0;
  switch (k) {
  case 0:
    if (!v.isIntList())
      return 0;
  case 1:
    n += v.toIntVector().size();
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'toIntVector()' copies the list
    // CHECK-FIXES: {{^}}    n += v.toIntVector().size();{{$}}
    break;
  }
  return n;
}

// IValue elements: to<std::vector<IValue>>() takes a list of any element
// type, as toListRef() does; no test is needed.
std::size_t genericTo(const IValue &v) {
  return v.to<std::vector<IValue>>().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'to<std::vector<IValue>>()' copies the list
  // CHECK-FIXES: {{^}}  return v.toListRef().size();{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
