// RUN: %check_c10_tidy %s c10-tuple-create-init-list %t
// REQUIRES: runtime-libtorch
//
// createNamed has no overload taking the elements one by one: a warning that
// names the cheaper form, never a fix-it. (The reference runtime has no named
// tuples.)

#include <ATen/core/ivalue.h>
#include <ATen/core/jit_type.h>
#include <string>
#include <vector>

using c10::IValue;
using c10::ivalue::Tuple;
using TuplePtr = c10::intrusive_ptr<Tuple>;

// A speech model's named output: (audio: Tensor, transcript: str).
TuplePtr transcript(const at::Tensor &audio, const std::string &text,
                    const std::shared_ptr<c10::TupleType> &type) {
  return Tuple::createNamed({audio, text}, type);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'Tuple::createNamed' with a braced list copies each of its 2 elements out of a const std::initializer_list, and 'createNamed' has no overload taking the elements as arguments; build a std::vector<IValue> with reserve() and emplace_back(std::move(...)) and pass it with std::move [c10-tuple-create-init-list]
}

TuplePtr fromVector(const IValue &a, const c10::TypePtr &type) {
  return Tuple::createNamed(std::vector<IValue>{a, a, a, a}, type);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'Tuple::createNamed' with a temporary std::vector<IValue> copies each of its 4 elements out of a const std::initializer_list; build
}

// Numbers only: copies are 16-byte copies, nothing to report.
TuplePtr numbers(const std::shared_ptr<c10::TupleType> &type) {
  return Tuple::createNamed({1, 2.5}, type);
}

// Already a moved vector: nothing to report.
TuplePtr moved(std::vector<IValue> elements, const c10::TypePtr &type) {
  return Tuple::createNamed(std::move(elements), type);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
