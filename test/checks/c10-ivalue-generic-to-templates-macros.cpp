// RUN: %check_c10_tidy %s c10-ivalue-generic-to %t
// REQUIRES: c10-ivalue
//
// Templates: one report per source location however many instantiations,
// fix-its only where the code does not depend on a template parameter.
// Macros: a warning, never a fix-it.

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>

using c10::IValue;

// The target type depends on T: reported once for both instantiations.
template <typename T> std::size_t listSize(const IValue &v) {
  return v.to<c10::List<T>>().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'to<c10::List<T>>()' makes a list handle
  // CHECK-NOTES: :[[@LINE-2]]:12: note: no fix-it: 'to<c10::List<T>>()' checks the element type
  // CHECK-FIXES: {{^}}  return v.to<c10::List<T>>().size();{{$}}
}

// Nothing depends on T: the template definition itself is rewritten.
template <typename T> std::size_t shapeRank(const IValue &v, T extra) {
  return v.to<c10::List<int64_t>>().size() + static_cast<std::size_t>(extra);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'to<c10::List<int64_t>>()' makes a list handle
  // CHECK-FIXES: {{^}}  return v.to<c10::List<int64_t>>().size() + static_cast<std::size_t>(extra);{{$}}
}

// The first element's type depends on T.
template <typename T> T firstOf(const IValue &v) {
  return std::get<0>(v.to<std::tuple<T, std::string>>());
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'to<std::tuple<T, std::string>>()' makes a copy of every element
}

// The receiver depends on T; never instantiated: nothing to report.
template <typename T> std::size_t neverInstantiated(const T &v) {
  return v.template to<c10::List<int64_t>>().size();
}

std::size_t instantiate(const IValue &v) {
  return listSize<int64_t>(v) + listSize<double>(v) + shapeRank(v, 1) + shapeRank(v, 2.0) +
         static_cast<std::size_t>(firstOf<int64_t>(v) + firstOf<double>(v));
}

#define RANK(value) (value).to<c10::List<int64_t>>().size()

std::size_t inMacro(const IValue &v) {
  return RANK(v);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'to<c10::List<int64_t>>()' makes a list handle
  // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix-it: 'to<c10::List<int64_t>>()' checks the element type
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
