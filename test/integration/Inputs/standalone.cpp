// Linted by the standalone c10-tidy binary (test "standalone-c10-tidy").
#include <ATen/core/ivalue.h>
#include <cstddef>

std::size_t count(const c10::IValue &v) {
  return v.toTuple()->elements().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'toTuple()' copies an intrusive_ptr: atomic refcount increment and decrement; use 'toTupleRef()' instead [c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  return v.toTupleRef().elements().size();{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
