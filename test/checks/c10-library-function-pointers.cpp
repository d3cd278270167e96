// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy %s 'c10-refcounted-copy,c10-ivalue-ref-accessor' %t
// REQUIRES: c10-ivalue, aten-tensor
//
// A function pointer handed to library code may run anything, so a borrow
// whose source it could change is not advised. A library function named right
// there is library code, though: the stream manipulators of
// `std::cout << std::fixed << x << std::endl;`, which nearly every program
// prints with, change only the stream, and must not switch the borrow advice
// off for the whole function. A function of the program passed the same way
// still does.

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <vector>

using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

std::vector<c10::IValue> &globalStack();
void clearGlobalStack() { globalStack().clear(); }
std::once_flag once;

std::int64_t printed(const TuplePtr &output) {
  at::Tensor energy = output->elements()[1].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'energy' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const at::Tensor& energy = output->elements()[1].toTensor();{{$}}
  std::cout << std::fixed << std::setprecision(3) << energy.dim() << std::endl;
  std::cout << std::flush;
  return energy.dim();
}

std::int64_t printedTuple(const c10::IValue &v) {
  auto t = v.toTuple();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'toTuple()' copies an intrusive_ptr{{.*}}[c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  const auto& t = v.toTupleRef();{{$}}
  std::cout << t->elements().size() << std::endl;
  return t->elements()[0].toInt();
}

// A library function through std::call_once: it cannot reach the stack.
std::int64_t libraryOnce(const std::vector<c10::IValue> &stack) {
  at::Tensor first = stack[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'first' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  std::call_once(once, std::srand, 1u);
  return first.dim();
}

// Silent: the program's own function, through std::call_once, clears the
// global stack, which may be the one the borrow would point into.
std::int64_t programOnce(const std::vector<c10::IValue> &stack) {
  at::Tensor first = stack[0].toTensor();
  std::call_once(once, clearGlobalStack);
  return first.dim();
}
