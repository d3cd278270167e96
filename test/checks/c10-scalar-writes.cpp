// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy %s 'c10-refcounted-copy,c10-ivalue-ref-accessor' %t
// REQUIRES: c10-ivalue, aten-tensor
//
// A number or an enum written through a pointer or a reference parameter
// (`*energy = e.item<double>();`, the usual way a C API hands a result back)
// changes an object of that type and nothing else. It cannot be part of a
// tuple, an IValue or a tensor: their scalars are their own representation,
// which only c10 writes (not even through a character pointer to their
// bytes). Such a write must not switch the borrow advice off. A pointer to an
// IValue may point into the tuple itself: that write still counts.

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <vector>

using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

enum class Status { Ok, Empty };

double energyOut(const TuplePtr &output, double *energy) {
  at::Tensor e = output->elements()[1].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'e' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const at::Tensor& e = output->elements()[1].toTensor();{{$}}
  *energy = static_cast<double>(e.dim());
  return static_cast<double>(e.numel());
}

std::int64_t firstOut(const TuplePtr &output, std::int64_t *dims, Status &status,
                      std::int64_t &count) {
  at::Tensor e = output->elements()[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'e' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const at::Tensor& e = output->elements()[0].toTensor();{{$}}
  dims[0] = e.dim();
  status = e.defined() ? Status::Ok : Status::Empty;
  count += 1;
  return e.dim();
}

std::int64_t tupleOut(const c10::IValue &v, double *sum) {
  auto t = v.toTuple();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'toTuple()' copies an intrusive_ptr{{.*}}[c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  const auto& t = v.toTupleRef();{{$}}
  *sum = t->elements()[0].toDouble();
  return static_cast<std::int64_t>(t->elements().size());
}

std::int64_t bytesOut(const TuplePtr &output, char *bytes) {
  at::Tensor e = output->elements()[1].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'e' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const at::Tensor& e = output->elements()[1].toTensor();{{$}}
  bytes[0] = static_cast<char>('0' + e.dim());
  return e.dim();
}

// Silent: the IValue written may be the tuple's element that 'e' reads.
std::int64_t slotOut(const TuplePtr &output, c10::IValue *slot) {
  at::Tensor e = output->elements()[1].toTensor();
  *slot = c10::IValue(std::int64_t(1));
  return e.dim();
}
