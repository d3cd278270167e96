// RUN: %check_c10_tidy %s c10-tuple-create-init-list %t
// REQUIRES: c10-ivalue, aten-tensor
//
// When std::move is added and when it is not: only where the element is a
// local at a use that is certainly its last. Every case below still gets the
// fix-it; where moving is not certain, the element is passed as it was.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <string>
#include <utility>
#include <vector>
// With <utility> already included, no second include is added.
// CHECK-FIXES: {{^}}#include <utility>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <vector>{{$}}

using c10::IValue;
using c10::ivalue::Tuple;
using TuplePtr = c10::intrusive_ptr<Tuple>;

void sink(const IValue &);
void keep(const IValue *);
IValue make();
at::Tensor makeTensor();
IValue global;

TuplePtr usedLater() {
  IValue a = make();
  TuplePtr t = Tuple::create({a});
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  TuplePtr t = Tuple::create(a);{{$}}
  sink(a);
  return t;
}

TuplePtr usedTwiceInTheStatement() {
  IValue a = make();
  return Tuple::create({a, a});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return Tuple::create(a, a);{{$}}
}

TuplePtr usedElsewhereInTheStatement(std::vector<IValue> &log) {
  IValue a = make();
  return log.push_back(a), Tuple::create({a});
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return log.push_back(a), Tuple::create(a);{{$}}
}

void inALoop(std::vector<TuplePtr> &out, int n) {
  IValue shared = make();
  for (int i = 0; i < n; ++i)
    out.push_back(Tuple::create({shared}));
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}    out.push_back(Tuple::create(shared));{{$}}
  at::Tensor t = makeTensor();
  while (n-- > 0) {
    if (n == 0) {
      out.push_back(Tuple::create({t}));
      // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'Tuple::create' with a braced list
      // The break leaves the loop: on the control-flow graph this is the last
      // use of `t`, so it is moved.
      // CHECK-FIXES: {{^}}      out.push_back(Tuple::create(std::move(t)));{{$}}
      break;
    }
  }
}

TuplePtr addressTaken() {
  IValue a = make();
  const IValue *p = &a;
  TuplePtr t = Tuple::create({a});
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  TuplePtr t = Tuple::create(a);{{$}}
  keep(p);
  return t;
}

TuplePtr referenceIntoIt() {
  IValue a = make();
  const at::Tensor &inner = a.toTensor();
  TuplePtr t = Tuple::create({a});
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  TuplePtr t = Tuple::create(a);{{$}}
  sink(inner);
  return t;
}

TuplePtr viewIntoIt() {
  IValue s = make();
  c10::string_view view = s.toStringView();
  return Tuple::create({s, std::string(view)});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return Tuple::create(s, std::string(view));{{$}}
}

TuplePtr referenceWhoseScopeEnded() {
  IValue a = make();
  {
    const IValue &r = a;
    sink(r);
  }
  // The shared last-use analysis does not follow a reference's scope, but
  // nothing runs after a move in this returned expression that could read
  // `a` through any name: the move is offered.
  return Tuple::create({a});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return Tuple::create(std::move(a));{{$}}
}

TuplePtr capturedByReference() {
  IValue a = make();
  auto show = [&a] { sink(a); };
  TuplePtr t = Tuple::create({a});
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  TuplePtr t = Tuple::create(a);{{$}}
  show();
  return t;
}

TuplePtr capturedImplicitlyByReference() {
  IValue a = make();
  auto show = [&] { sink(a); };
  TuplePtr t = Tuple::create({a});
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  TuplePtr t = Tuple::create(a);{{$}}
  show();
  return t;
}

TuplePtr capturedByCopy() {
  IValue a = make();
  auto show = [a] { sink(a); };
  show();
  return Tuple::create({a});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return Tuple::create(std::move(a));{{$}}
}

TuplePtr insideALambda() {
  IValue outer = make();
  auto build = [outer]() {
    IValue inner = make();
    // `outer` is the lambda's const copy; `inner` is the lambda's own local.
    return Tuple::create({outer, inner});
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'Tuple::create' with a braced list
    // CHECK-FIXES: {{^}}    return Tuple::create(outer, std::move(inner));{{$}}
  };
  return build();
}

TuplePtr notLocals(IValue &ref, const IValue constant, IValue byValue, std::string str) {
  static IValue cached = make();
  const IValue constLocal = make();
  int count = 3;
  // By-value parameters are moved; references, constants, statics, globals
  // and scalars are not.
  TuplePtr a = Tuple::create({ref, constant, byValue});
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  TuplePtr a = Tuple::create(ref, constant, std::move(byValue));{{$}}
  TuplePtr b = Tuple::create({cached, constLocal, global});
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  TuplePtr b = Tuple::create(cached, constLocal, global);{{$}}
  return Tuple::create({a, b, count});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return Tuple::create(std::move(a), std::move(b), count);{{$}}
}

TuplePtr temporariesAndMembers(const std::vector<IValue> &stack) {
  struct Holder {
    IValue value;
  } holder{make()};
  // Temporaries are never wrapped; members and elements are not locals.
  return Tuple::create({make(), holder.value, stack[0]});
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return Tuple::create(make(), holder.value, stack[0]);{{$}}
}

TuplePtr withGoto(int n) {
  IValue a = make();
again:
  if (n-- > 0) {
    TuplePtr t = Tuple::create({a});
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'Tuple::create' with a braced list
    // CHECK-FIXES: {{^}}    TuplePtr t = Tuple::create(a);{{$}}
    goto again;
  }
  return TuplePtr();
}

TuplePtr conditionBeforeUse(IValue a) {
  // Earlier uses in the same statement's condition run before the move.
  if (a.isTensor())
    return Tuple::create({a});
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}    return Tuple::create(std::move(a));{{$}}
  return TuplePtr();
}

// The use after the `if` is on another path of the control-flow graph: the
// return is the last use on its own path.
TuplePtr usedInTheOtherBranch(IValue a, bool flag) {
  if (flag)
    return Tuple::create({a});
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'Tuple::create' with a braced list
  // CHECK-FIXES: {{^}}    return Tuple::create(std::move(a));{{$}}
  sink(a);
  return TuplePtr();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
