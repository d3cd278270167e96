// RUN: %check_c10_tidy %s 'c10-intrusive-ptr-move,c10-refcounted-copy' %t
// REQUIRES: c10-ivalue, aten-tensor
//
// An element copied out of a container that is a temporary of the
// full-expression (`return Fn::apply(x)[0];`, the autograd idiom): nothing
// else can name the container, and it is destroyed right after, so the
// element is moved. A container reached through a reference, a const one, a
// lifetime-extended one, or a tuple's elements reached through a temporary
// handle (which other handles may share) is not.

#include <ATen/core/ivalue.h>
#include <vector>

std::vector<at::Tensor> make();
const std::vector<at::Tensor> makeConst();
const std::vector<at::Tensor> &held();
std::vector<at::Tensor> &heldMutable();
std::vector<c10::IValue> values();
c10::IValue one();
void sink(at::Tensor);
void read(const at::Tensor &);

struct Fn {
  static std::vector<at::Tensor> apply(const at::Tensor &x);
};

at::Tensor returned(const at::Tensor &x) { return Fn::apply(x)[0]; }
// CHECK-MESSAGES: :[[@LINE-1]]:51: warning: 'Fn::apply(x)[0]' is copied out of a temporary container that is destroyed at the end of the full-expression; move it {{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: at::Tensor returned(const at::Tensor &x) { return std::move(Fn::apply(x)[0]); }

at::Tensor returnedBack() { return make().back(); }
// CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'make().back()' is copied out of a temporary container {{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: at::Tensor returnedBack() { return std::move(make().back()); }

void intoLocal() {
  auto t = make()[1];
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'make()[1]' is copied out of a temporary container {{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: auto t = std::move(make()[1]);
  read(t);
}

void intoByValueParameter() { sink(make().at(0)); }
// CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'make().at(0)' is copied out of a temporary container {{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: void intoByValueParameter() { sink(std::move(make().at(0))); }

void intoContainer(std::vector<at::Tensor> &out) { out.push_back(make().front()); }
// CHECK-MESSAGES: :[[@LINE-1]]:66: warning: 'make().front()' is copied out of a temporary container {{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: void intoContainer(std::vector<at::Tensor> &out) { out.push_back(std::move(make().front())); }

at::Tensor throughAccessor() { return values()[0].toTensor(); }
// CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'values()[0]' is copied out through 'toTensor()' from a temporary container {{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: at::Tensor throughAccessor() { return std::move(values()[0]).toTensor(); }

at::Tensor longCall(const at::Tensor &input, const at::Tensor &weight) {
  return Fn::apply(input.add(weight).mul(weight).sub(input))[0];
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: an element is copied out of a temporary container {{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: return std::move(Fn::apply(input.add(weight).mul(weight).sub(input))[0]);
}

// Silent: a const temporary (the element is const), a container that
// something else owns, a read that copies nothing, a lifetime-extended
// temporary (a named object: the rules for locals apply), a tuple reached
// through a temporary handle.
at::Tensor constTemporary() { return makeConst()[0]; }
at::Tensor heldElsewhere() { return held()[0]; }
at::Tensor heldMutably() { return heldMutable()[0]; }
void onlyRead() { read(make()[0]); }
at::Tensor extended() {
  const auto &v = make();
  return v[0];
}
at::Tensor sharedTuple() { return one().toTupleRef().elements()[0].toTensor(); }

// Silent: a container that a c10 function copies (`vec()` of a tuple's
// elements, `toTensorVector()`): c10-tuple-elements-copy and
// c10-ivalue-vector-copy advise not making the copy at all, the larger saving.
at::Tensor copiedElements(const c10::intrusive_ptr<c10::ivalue::Tuple> &t) {
  return t->elements().vec()[0].toTensor();
}
at::Tensor copiedList(const c10::IValue &v) { return v.toTensorVector()[0]; }

// A template: another instantiation may return the container by reference.
template <typename F> at::Tensor viaTemplate(F f) { return f()[0]; }
at::Tensor useTemplate() {
  read(viaTemplate(held));
  return viaTemplate(make);
}

// A macro: the warning without a fix-it.
#define FIRST_OF(x) x[0]
at::Tensor inMacro() { return FIRST_OF(make()); }
// CHECK-MESSAGES: :[[@LINE-1]]:40: warning: an element is copied out of a temporary container {{.*}} [c10-intrusive-ptr-move]
// CHECK-MESSAGES: :[[@LINE-2]]:40: note: no fix-it: the code is inside a macro expansion
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
