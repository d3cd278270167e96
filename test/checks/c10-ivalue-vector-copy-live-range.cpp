// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy %s c10-ivalue-vector-copy %t
// REQUIRES: c10-ivalue, aten-tensor
//
// A copied vector that would become a view is read from its declaration to
// its last read. A write through another name outside that stretch (a stack
// slot set before the loop, or after the block that reads the copy) cannot be
// seen through the view, and must not switch the advice off; a write while it
// is read does. A CPU fallback kernel is the usual shape: it fills the stack
// with converted arguments, then reads the converted lists back.

#include <ATen/core/ivalue.h>
#include <ATen/core/stack.h>
#include <cstddef>
#include <vector>

using c10::IValue;

void copyBack(const at::Tensor &from, const at::Tensor &to);

void writtenBefore(const std::vector<std::size_t> &indices, torch::jit::Stack *stack) {
  std::vector<IValue> converted(indices.size());
  (*stack)[0] = IValue(1);
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const auto &tensors = converted[i].toTensorVector();
    // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'toTensorVector()' copies the list {{.*}}[c10-ivalue-vector-copy]
    // CHECK-MESSAGES: :[[@LINE-2]]:40: note: no fix-it: 'converted[i]' is not a local variable or parameter
    if (!tensors[0].defined())
      continue;
    copyBack(tensors[0], tensors[0]);
  }
}

void writtenAfterInBlock(const std::vector<std::size_t> &indices, torch::jit::Stack &stack) {
  std::vector<IValue> converted(indices.size());
  for (std::size_t i = 0; i < indices.size(); ++i) {
    {
      const auto &tensors = converted[i].toTensorVector();
      // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: 'toTensorVector()' copies the list {{.*}}[c10-ivalue-vector-copy]
      // CHECK-MESSAGES: :[[@LINE-2]]:42: note: no fix-it: 'converted[i]' is not a local variable
      if (!tensors[0].defined())
        return;
    }
    stack[i] = IValue(1);
  }
}

void writtenAfterLoop(const std::vector<std::size_t> &indices, torch::jit::Stack &stack) {
  std::vector<IValue> converted(indices.size());
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const auto &tensors = converted[i].toTensorVector();
    // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'toTensorVector()' copies the list {{.*}}[c10-ivalue-vector-copy]
    // CHECK-MESSAGES: :[[@LINE-2]]:40: note: no fix-it: 'converted[i]' is not a local variable
    if (!tensors[0].defined())
      return;
  }
  stack[0] = IValue(1);
}

// A by-value IValue whose list is only read while the view would be: the
// stack written before the copy is declared cannot reach it. The list's type
// is tested, so the view reads what the copy would have.
std::size_t localWrittenBefore(IValue list, torch::jit::Stack &stack) {
  stack.clear();
  if (!list.isTensorList())
    return 0;
  auto tensors = list.toTensorVector();
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'toTensorVector()' copies the list {{.*}}[c10-ivalue-vector-copy]
  // CHECK-FIXES: {{^}}  const auto tensors = list.toListRef();{{$}}
  std::size_t defined = 0;
  for (std::size_t i = 0; i < tensors.size(); ++i)
    defined += tensors[i].defined();
  // CHECK-FIXES: {{^}}    defined += tensors[i].toTensor().defined();{{$}}
  return defined;
}

// Silent: the slot written may hold the same list, which a view would see
// change while it is read.
void writtenWhileRead(const std::vector<std::size_t> &indices, torch::jit::Stack &stack) {
  std::vector<IValue> converted(indices.size());
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const auto &tensors = converted[i].toTensorVector();
    stack[i] = IValue(1);
    if (!tensors[0].defined())
      return;
  }
}

// A list written through another handle after the last read of the copy:
// the copy keeps the tensors alive to the end of the function, a view would
// not. The advice stands, without a fix-it.
std::size_t otherHandleClearedAfter(IValue list, c10::List<at::Tensor> other) {
  if (!list.isTensorList())
    return 0;
  auto tensors = list.toTensorVector();
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'toTensorVector()' copies the list {{.*}}[c10-ivalue-vector-copy]
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: no fix-it: 'list' may be changed through another name after the reference's last read
  // CHECK-FIXES: {{^}}  auto tensors = list.toTensorVector();{{$}}
  const std::size_t n = tensors.size();
  other.clear();
  return n;
}
