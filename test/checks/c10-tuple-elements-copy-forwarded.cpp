// RUN: %check_c10_tidy %s c10-tuple-elements-copy %t
// REQUIRES: c10-ivalue, aten-tensor
//
// A pickled custom class restored from a tuple: the elements are copied into
// a local and each is handed, through `toTensor()` on the copy, to a
// function template that forwards it (c10::make_intrusive, std::make_tuple,
// emplace_back) into a constructor parameter taken by value or by const
// reference. The copy is only read, so the elements can be borrowed. Where a
// forwarded element reaches a parameter that may change it (`Tensor&`), or the
// constructor moves it on, the copy is needed: silent.

#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <c10/util/intrusive_ptr.h>
#include <tuple>
#include <utility>
#include <vector>

using c10::IValue;

struct Projection : c10::intrusive_ptr_target {
  at::Tensor focal;
  at::Tensor center;
  int64_t width;
  Projection(at::Tensor focal, at::Tensor center, int64_t width)
      : focal(std::move(focal)), center(std::move(center)), width(width) {}
};

struct ByConstReference : c10::intrusive_ptr_target {
  at::Tensor focal;
  explicit ByConstReference(const at::Tensor &focal) : focal(focal) {}
};

struct Resets : c10::intrusive_ptr_target {
  explicit Resets(at::Tensor &focal) { focal = at::Tensor(); }
};

c10::intrusive_ptr<Projection> restore(IValue state) {
  auto elems = state.toTupleRef().elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: the copy of 'state.toTupleRef().elements()' copies every element (one refcount increment each) into 'elems', which is only read
  // CHECK-FIXES: {{^}}  const auto& elems = state.toTupleRef().elements();{{$}}
  TORCH_CHECK(elems.size() == 3 && elems[2].isInt());
  return c10::make_intrusive<Projection>(elems[0].toTensor(), elems[1].toTensor(), elems[2].toInt());
}

c10::intrusive_ptr<ByConstReference> restoreConst(IValue state) {
  auto elems = state.toTupleRef().elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: the copy of 'state.toTupleRef().elements()' copies every element
  // CHECK-FIXES: {{^}}  const auto& elems = state.toTupleRef().elements();{{$}}
  return c10::make_intrusive<ByConstReference>(elems[0].toTensor());
}

std::tuple<at::Tensor, at::Tensor> asTuple(const IValue &state) {
  auto elems = state.toTupleRef().elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: the copy of 'state.toTupleRef().elements()' copies every element
  // CHECK-FIXES: {{^}}  const auto& elems = state.toTupleRef().elements();{{$}}
  return std::make_tuple(elems[0].toTensor(), elems[1].toTensor());
}

std::vector<at::Tensor> collected(const IValue &state) {
  auto elems = state.toTupleRef().elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: the copy of 'state.toTupleRef().elements()' copies every element
  // CHECK-FIXES: {{^}}  const auto& elems = state.toTupleRef().elements();{{$}}
  std::vector<at::Tensor> out;
  out.emplace_back(elems[0].toTensor());
  return out;
}

// --- The forwarded element may be changed, or the copy is moved from: silent ---

c10::intrusive_ptr<Resets> resetsElement(IValue state) {
  auto elems = state.toTupleRef().elements();
  auto kept = c10::make_intrusive<Resets>(elems[0].toTensor());
  TORCH_CHECK(!elems[0].toTensor().defined());
  return kept;
}

c10::intrusive_ptr<Projection> movesElements(IValue state) {
  auto elems = state.toTupleRef().elements();
  return c10::make_intrusive<Projection>(std::move(elems[0]).toTensor(),
                                         std::move(elems[1]).toTensor(), elems[2].toInt());
}

template <typename... Args> void keepAll(std::vector<at::Tensor *> &into, Args &&...args) {
  (into.push_back(&args), ...);
}

void addressesKept(const IValue &state, std::vector<at::Tensor *> &into) {
  auto elems = state.toTupleRef().elements();
  keepAll(into, elems[0].toTensor());
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
