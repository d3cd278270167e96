// RUN: %check_c10_tidy %s c10-ivalue-vector-copy %t
// REQUIRES: c10-ivalue
//
// Templates: one report per source location however many instantiations,
// fix-its only where the code does not depend on a template parameter; no
// crash on dependent code. Macros: a warning, never a fix-it.

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <cstdint>
#include <vector>

using c10::IValue;

// The receiver's type depends on T.
template <typename T> std::size_t rank(const T &shape) {
  return shape.toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'toIntVector()' copies the list
  // CHECK-NOTES: :[[@LINE-2]]:16: note: no fix-it: the code is in a template instantiation
  // CHECK-FIXES: {{^}}  return shape.toIntVector().size();{{$}}
}

// The element type depends on T: reported once for both instantiations.
template <typename T> std::size_t count(const IValue &list) {
  return list.to<std::vector<T>>().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'to<std::vector<T>>()' copies the list
  // CHECK-NOTES: :[[@LINE-2]]:15: note: no fix-it: the code is in a template instantiation
  // CHECK-FIXES: {{^}}  return list.to<std::vector<T>>().size();{{$}}
}

// Nothing depends on T: the template definition itself is rewritten.
template <typename T> int64_t firstDim(const IValue &shape, T extra) {
  return shape.toIntVector()[0] + static_cast<int64_t>(extra);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}  return shape.toIntVector()[0] + static_cast<int64_t>(extra);{{$}}
}

// Never instantiated with an IValue: nothing to report, nothing to crash on.
template <typename T> auto neverInstantiated(const T &v) -> decltype(v.toIntVector().size()) {
  auto dims = v.toIntVector();
  return dims.size() + v.toTensorVector()[0].dim();
}

std::size_t instantiate(const IValue &v) {
  return rank(v) + rank(IValue(v)) + count<int64_t>(v) + count<double>(v) +
         static_cast<std::size_t>(firstDim(v, 1) + firstDim(v, 2.0));
}

// --- Macros -----------------------------------------------------------------

#define RANK(value) (value).toIntVector().size()
#define DIM(dims, i) dims[i]
#define FOR_EACH_DIM(d, value) for (int64_t d : (value).toIntVector())

int64_t inMacros(const IValue &v) {
  int64_t n = static_cast<int64_t>(RANK(v));
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'toIntVector()' copies the list
  // CHECK-NOTES: :[[@LINE-2]]:36: note: no fix-it: the code is inside a macro expansion
  auto dims = v.toIntVector();
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'toIntVector()' copies the list
  // CHECK-NOTES: :[[@LINE-2]]:17: note: no fix-it: a use of 'dims' is inside a macro expansion
  n += DIM(dims, 0);
  FOR_EACH_DIM(d, v)
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'toIntVector()' copies the list
    // CHECK-NOTES: :[[@LINE-2]]:3: note: no fix-it: the loop variable 'd' would become an IValue
    n += d;
  return n;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
