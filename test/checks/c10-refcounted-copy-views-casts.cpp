// RUN: %check_c10_tidy %s c10-refcounted-copy %t
// REQUIRES: c10-ivalue, aten-tensor
//
// Sources reached through a view of a stack (torch::jit::last, an ArrayRef
// made from a vector) and through a `void*` cast back to its type. A finding
// with a const reference where what the view or pointer reaches stays alive
// and unchanged while the copy lives; silence where something may change it.

#include <ATen/core/ivalue.h>
#include <ATen/core/List.h>
#include <ATen/core/Tensor.h>
#include <ATen/core/stack.h>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

using c10::IValue;
using torch::jit::Stack;

std::int64_t rank(const at::Tensor &t);
std::int64_t score(const IValue &v);
void opaque(void *p);
void clearAll(std::vector<IValue> &v);

// --- Views of the stack --------------------------------------------------------

std::int64_t lastOfStack(Stack &stack) {
  at::Tensor input = torch::jit::last(stack, 2)[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'input' copies a refcounted 'at::Tensor' (an atomic increment and decrement) from a borrowed reference but is only read; bind a const reference instead [c10-refcounted-copy]
  // CHECK-FIXES: {{^}}  const at::Tensor& input = torch::jit::last(stack, 2)[0].toTensor();{{$}}
  IValue other = torch::jit::last(stack, 2)[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'other' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const IValue& other = torch::jit::last(stack, 2)[1];{{$}}
  return rank(input) + score(other);
}

// The view held in a local, as operators written by hand do.
std::int64_t lastInLocal(const Stack &stack, std::size_t n) {
  auto args = torch::jit::last(stack, n);
  at::Tensor self = args[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'self' copies a refcounted 'at::Tensor'
  // CHECK-FIXES: {{^}}  const at::Tensor& self = args[0].toTensor();{{$}}
  return rank(self) + static_cast<std::int64_t>(args.size());
}

std::int64_t arrayRefOfVector(const std::vector<IValue> &outputs) {
  c10::ArrayRef<IValue> view = outputs;
  auto first = view[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'first' copies a refcounted 'at::Tensor'
  // CHECK-FIXES: {{^}}  const auto& first = view[0].toTensor();{{$}}
  return rank(first);
}

std::int64_t viewOverStackPointer(Stack *stack) {
  IValue top = torch::jit::last(stack, 1)[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'top' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const IValue& top = torch::jit::last(stack, 1)[0];{{$}}
  return score(top);
}

// Silent: the stack a view looks into is dropped, cleared or pushed to while
// the copy lives; a reference would dangle.
std::int64_t stackDroppedAfter(Stack &stack) {
  at::Tensor input = torch::jit::last(stack, 2)[0].toTensor();
  torch::jit::drop(stack, 2);
  return rank(input);
}

std::int64_t localViewThenDrop(Stack &stack) {
  auto args = torch::jit::last(stack, 2);
  IValue x = args[0];
  torch::jit::drop(stack, 2);
  return score(x);
}

std::int64_t arrayRefThenClear(std::vector<IValue> &outputs) {
  c10::ArrayRef<IValue> view = outputs;
  at::Tensor first = view[0].toTensor();
  outputs.clear();
  return rank(first);
}

std::int64_t viewThenPush(Stack &stack) {
  IValue x = torch::jit::last(stack, 1)[0];
  stack.push_back(IValue(1));
  return score(x);
}

// The vector is reached only through another name: a callee given it.
std::int64_t viewThenCalleeClears(std::vector<IValue> &outputs) {
  auto view = c10::ArrayRef<IValue>(outputs);
  IValue x = view[0];
  clearAll(outputs);
  return score(x);
}

// A view parameter: what it looks into is the caller's; a second reference
// parameter may be that vector.
std::int64_t viewParamAndVector(c10::ArrayRef<IValue> args, std::vector<IValue> &outputs) {
  IValue x = args[0];
  outputs.clear();
  return score(x);
}

// The view is made to look elsewhere while the copy lives.
std::int64_t viewReassigned(const Stack &a, const Stack &b) {
  auto args = torch::jit::last(a, 1);
  IValue x = args[0];
  args = torch::jit::last(b, 1);
  return score(x) + static_cast<std::int64_t>(args.size());
}

// A view of a temporary stack: the reference would outlive it.
Stack makeStack();
std::int64_t viewOfTemporary() {
  IValue x = torch::jit::last(makeStack(), 1)[0];
  return score(x);
}

// --- A `void*` cast back to its type ----------------------------------------

std::int64_t castToIValue(void *p) {
  auto t = (*static_cast<IValue *>(p)).toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 't' copies a refcounted 'at::Tensor'
  // CHECK-FIXES: {{^}}  const auto& t = (*static_cast<IValue *>(p)).toTensor();{{$}}
  return rank(t);
}

std::int64_t castToTensor(const void *p) {
  at::Tensor t = *static_cast<const at::Tensor *>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 't' copies a refcounted 'at::Tensor'
  // CHECK-FIXES: {{^}}  const at::Tensor& t = *static_cast<const at::Tensor *>(p);{{$}}
  return rank(t);
}

std::int64_t reinterpretToIValue(void *p) {
  IValue v = *reinterpret_cast<IValue *>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'v' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const IValue& v = *reinterpret_cast<IValue *>(p);{{$}}
  return score(v);
}

// A generic list read by index: a non-const `l[i]` returns the element's
// proxy, which here is only converted to the element (a read); the const
// `operator[]` the reference calls returns the same value.
IValue *listElementByIndex(void *p, std::int64_t i) {
  auto l = *reinterpret_cast<c10::impl::GenericList *>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'l' copies a refcounted 'c10::List'
  // CHECK-FIXES: {{^}}  const auto& l = *reinterpret_cast<c10::impl::GenericList *>(p);{{$}}
  return new IValue(l[i]);
}

std::int64_t listElementsScored(void *p) {
  c10::List<IValue> l = *static_cast<c10::List<IValue> *>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'l' copies a refcounted 'c10::List'
  // CHECK-FIXES: {{^}}  const c10::List<IValue>& l = *static_cast<c10::List<IValue> *>(p);{{$}}
  return score(l[0]) + score(l[1]);
}

// Silent: the proxy is assigned through, swapped, or kept where it may be
// assigned through later (each writes the list every copy of the handle shares).
void listElementAssigned(void *p) {
  auto l = *reinterpret_cast<c10::impl::GenericList *>(p);
  l[0] = IValue(1);
}

void listElementsSwapped(void *p) {
  auto l = *reinterpret_cast<c10::impl::GenericList *>(p);
  swap(l[0], l[1]);
}

std::int64_t listElementProxyKept(void *p) {
  auto l = *reinterpret_cast<c10::impl::GenericList *>(p);
  auto &&element = l[0];
  std::move(element) = IValue(2);
  return static_cast<std::int64_t>(l.size());
}

// Silent: the object is written through the same pointer cast again, the
// pointer is handed to code that may write it, or another `void*` may be it.
std::int64_t castThenWritten(void *p) {
  at::Tensor t = *static_cast<at::Tensor *>(p);
  *static_cast<at::Tensor *>(p) = at::Tensor();
  return rank(t);
}

std::int64_t castThenResetThroughArrow(void *p) {
  at::Tensor t = static_cast<IValue *>(p)->toTensor();
  static_cast<IValue *>(p)->toTensor().reset();
  return rank(t);
}

std::int64_t castThenPassedOn(void *p) {
  at::Tensor t = *static_cast<at::Tensor *>(p);
  opaque(p);
  return rank(t);
}

std::int64_t otherVoidPointer(void *p, void *q) {
  at::Tensor t = *static_cast<at::Tensor *>(p);
  opaque(q);
  return rank(t);
}

// Bytes written through a `char*` to the object are not seen by their type.
std::int64_t bytesWritten(void *p) {
  at::Tensor t = *static_cast<at::Tensor *>(p);
  std::memset(static_cast<char *>(p), 0, sizeof(at::Tensor));
  return rank(t);
}

std::int64_t bytesWrittenThroughLocal(void *p) {
  at::Tensor t = *static_cast<at::Tensor *>(p);
  char *raw = static_cast<char *>(p);
  raw[0] = 0;
  return rank(t);
}

std::int64_t pointerRepointed(void *p, void *q) {
  at::Tensor t = *static_cast<at::Tensor *>(p);
  p = q;
  return rank(t) + (p != nullptr);
}

// A cast from a typed pointer is not followed (it is not the same object's
// type erased and restored).
std::int64_t castFromInteger(std::intptr_t address) {
  at::Tensor t = *reinterpret_cast<at::Tensor *>(address);
  return rank(t);
}

// --- A member function returning a pointer --------------------------------------

class Variable {
public:
  IValue *ivalue() { return &value_; }
  const IValue *constIvalue() const { return &value_; }
  IValue *elsewhere();
  IValue *held() { return held_; }
  void replace(const IValue &v) { value_ = v; }

private:
  IValue value_;
  IValue *held_ = nullptr;
};

// `ivalue()` is seen to return the address of a member: the member is the
// source, as `var.value_` would be.
std::int64_t pointerToMember(Variable &var) {
  at::Tensor t = var.ivalue()->toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 't' copies a refcounted 'at::Tensor'
  // CHECK-FIXES: {{^}}  const at::Tensor& t = var.ivalue()->toTensor();{{$}}
  return rank(t);
}

std::int64_t constPointerToMember(const Variable *var) {
  IValue v = *var->constIvalue();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'v' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const IValue& v = *var->constIvalue();{{$}}
  return score(v);
}

// Silent: what the pointer points to is not seen (a body elsewhere, a pointer
// member), or the member is replaced while the copy lives.
std::int64_t pointerFromElsewhere(Variable &var) {
  at::Tensor t = var.elsewhere()->toTensor();
  return rank(t);
}

std::int64_t pointerMember(Variable &var) {
  at::Tensor t = var.held()->toTensor();
  return rank(t);
}

std::int64_t memberReplaced(Variable &var) {
  at::Tensor t = var.ivalue()->toTensor();
  var.replace(IValue(1));
  return rank(t);
}

// --- An IValue copy read through the non-const toTensor() ------------------------

// `v.toTensor()` on the non-const copy picks `at::Tensor& toTensor() &`; given
// to a `const at::Tensor&` parameter it only reads, as the const overload
// would after the rewrite.
std::int64_t toTensorIntoConstRef(void *p) {
  IValue v = *static_cast<IValue *>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'v' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const IValue& v = *static_cast<IValue *>(p);{{$}}
  return rank(v.toTensor());
}

std::int64_t toTensorFromStack(Stack &stack) {
  IValue v = torch::jit::last(stack, 1)[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'v' copies a refcounted 'c10::IValue'
  // CHECK-FIXES: {{^}}  const IValue& v = torch::jit::last(stack, 1)[0];{{$}}
  return rank(v.toTensor()) + v.toTensor().dim();
}

// Silent: the copy's tensor is replaced, or handed to a template of ours that
// may do so.
template <typename T> void resetIt(T &&t) { t = at::Tensor(); }
std::int64_t toTensorAssigned(Stack &stack) {
  IValue v = torch::jit::last(stack, 1)[0];
  v.toTensor() = at::Tensor();
  return score(v);
}

std::int64_t toTensorForwarded(Stack &stack) {
  IValue v = torch::jit::last(stack, 1)[0];
  resetIt(v.toTensor());
  return score(v);
}

// --- Templates and macros -------------------------------------------------------

// The element type depends on T: reported once (for the first
// instantiation), no rewrite of the template.
template <typename T> std::int64_t templatedView(const std::vector<T> &items) {
  T first = c10::ArrayRef<T>(items)[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'first' copies a refcounted 'at::Tensor'
  // CHECK-NOTES: :[[@LINE-2]]:5: note: no fix-it: the code is in a template instantiation
  return score(IValue(first));
}

std::int64_t instantiateViews(const std::vector<at::Tensor> &ts, const std::vector<IValue> &vs) {
  return templatedView(ts) + templatedView(vs);
}

#define STACK_ARG(stack, i, n) torch::jit::last(stack, n)[i]
#define AS_TENSOR(p) (*static_cast<at::Tensor *>(p))

std::int64_t inMacros(Stack &stack, void *p) {
  IValue x = STACK_ARG(stack, 0, 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'x' copies a refcounted 'c10::IValue'
  // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix-it: the code is inside a macro expansion
  at::Tensor t = AS_TENSOR(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 't' copies a refcounted 'at::Tensor'
  // CHECK-NOTES: :[[@LINE-2]]:14: note: no fix-it: the code is inside a macro expansion
  return score(x) + rank(t);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
