// RUN: %check_c10_tidy %s c10-tuple-create-init-list %t
// REQUIRES: c10-ivalue, aten-tensor
//
// Warnings without a fix-it: lists longer than the 3-argument overload, and
// elements that would not initialise their IValue the same way as arguments.
// The file must come out of clang-tidy unchanged.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <string>
#include <vector>

using c10::IValue;
using c10::ivalue::Tuple;
using TuplePtr = c10::intrusive_ptr<Tuple>;

at::Tensor forward(const at::Tensor &);

// A detector's output: more than three refcounted fields.
TuplePtr detections(const at::Tensor &boxes, const at::Tensor &scores, const at::Tensor &labels,
                    const std::string &model) {
  return Tuple::create({forward(boxes), forward(scores), labels, model});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list copies each of its 4 elements out of a const std::initializer_list; build a std::vector<IValue> with reserve() and emplace_back(std::move(...)) and pass it with std::move [c10-tuple-create-init-list]
}

TuplePtr fiveInAVector(const IValue &a) {
  return Tuple::create(std::vector<IValue>{a, a, a, a, 0});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a temporary std::vector<IValue> copies each of its 5 elements out of a const std::initializer_list; build a std::vector<IValue>
}

// `{}` as an element is IValue's value-initialisation; as an argument it
// would be a different initialisation context.
TuplePtr bracedElement(const IValue &a) {
  return Tuple::create({{}, a});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list copies each element out of a const std::initializer_list; pass the 2 elements as arguments
  // CHECK-NOTES: :[[@LINE-2]]:24: note: no fix-it: element 1 is a braced initializer, which would not initialize an IValue the same way as an argument
}

// A class that becomes an IValue through its own conversion operator.
struct Score {
  double value;
  operator IValue() const { return IValue(value); }
};

TuplePtr conversionOperator(Score s) {
  return Tuple::create({s, 1});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-NOTES: :[[@LINE-2]]:24: note: no fix-it: element 1 becomes an IValue through a conversion operator
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
