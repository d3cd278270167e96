// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// RUN: %check_c10_tidy -check-suffix=UPSTREAM %s 'c10-intrusive-ptr-move,cppcoreguidelines-rvalue-reference-param-not-moved' %t-upstream
// REQUIRES: c10-ivalue, aten-tensor
//
// A parameter taken by rvalue reference (`std::vector<IValue>&& v`) is handed
// over by the caller, but copying from it is legal and a caller may read its
// object again. Moving from it is advised only at the last time the function
// can read that object: no later use of the parameter, only library code on
// plain values after it, and no other parameter, global or `this` that could
// name the same object. The fix-it is offered only where every call of the
// function (internal linkage, address never taken) passes a temporary or a
// variable at its last use; otherwise the note says where to move it.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstdint>
#include <utility>
#include <vector>

using c10::IValue;

namespace {

IValue tup(std::vector<IValue> &&ivalues) {
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:{{[0-9]+}}: warning: rvalue reference parameter 'ivalues' is never moved from inside the function body [cppcoreguidelines-rvalue-reference-param-not-moved]
  return c10::ivalue::Tuple::create(ivalues);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'ivalues' is taken by rvalue reference and copied at its last use; move it to avoid copying the container and every handle in it [c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return c10::ivalue::Tuple::create(std::move(ivalues));{{$}}
}

IValue keep(at::Tensor &&t, int64_t scale) {
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:{{[0-9]+}}: warning: rvalue reference parameter 't' is never moved from inside the function body [cppcoreguidelines-rvalue-reference-param-not-moved]
  std::vector<IValue> out;
  out.reserve(2);
  out.emplace_back(scale);
  out.emplace_back(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 't' is taken by rvalue reference and copied at its last use; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  out.emplace_back(std::move(t));{{$}}
  return c10::ivalue::Tuple::create(std::move(out));
}

// A caller reads the object it passed after the call: warning, no fix-it.
IValue wrapRead(std::vector<IValue> &&vs) {
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:{{[0-9]+}}: warning: rvalue reference parameter 'vs' is never moved from inside the function body [cppcoreguidelines-rvalue-reference-param-not-moved]
  return c10::ivalue::Tuple::create(vs);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'vs' is taken by rvalue reference and copied at its last use
  // CHECK-MESSAGES: :[[@LINE-2]]:37: note: no fix-it: a call of 'wrapRead' may read the object it passed afterwards (line {{[0-9]+}}); move it where every caller hands over a temporary or a variable it does not use again
}

// Looked-alike: another parameter may be the same object (`f(std::move(v), v)`).
IValue aliased(std::vector<IValue> &&vs, const std::vector<IValue> &other) {
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:{{[0-9]+}}: warning: rvalue reference parameter 'vs' is never moved from inside the function body [cppcoreguidelines-rvalue-reference-param-not-moved]
  auto t = c10::ivalue::Tuple::create(vs);
  return IValue(static_cast<int64_t>(other.size() + t->elements().size()));
}

// Look-alike: the parameter is read after the copy.
IValue readAfter(std::vector<IValue> &&vs) {
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:{{[0-9]+}}: warning: rvalue reference parameter 'vs' is never moved from inside the function body [cppcoreguidelines-rvalue-reference-param-not-moved]
  auto t = c10::ivalue::Tuple::create(vs);
  return IValue(static_cast<int64_t>(vs.size()) + static_cast<int64_t>(t->elements().size()));
}

// Look-alike: a function of the user's runs after the copy and may read the
// caller's object through a global path.
void log();
IValue userCodeAfter(std::vector<IValue> &&vs) {
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:{{[0-9]+}}: warning: rvalue reference parameter 'vs' is never moved from inside the function body [cppcoreguidelines-rvalue-reference-param-not-moved]
  auto t = c10::ivalue::Tuple::create(vs);
  log();
  return t;
}

// Look-alike: the address of the function is taken, so some calls are out of
// sight; the advice stays, without a fix-it.
IValue viaPointer(at::Tensor &&t) {
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:{{[0-9]+}}: warning: rvalue reference parameter 't' is never moved from inside the function body [cppcoreguidelines-rvalue-reference-param-not-moved]
  return IValue(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 't' is taken by rvalue reference
  // CHECK-MESSAGES: :[[@LINE-2]]:17: note: no fix-it: the address of 'viaPointer' is taken, so some calls are out of sight; {{.*}}
}

// Look-alike: const rvalue reference, nothing to move.
IValue constRvalue(const std::vector<IValue> &&vs) { return c10::ivalue::Tuple::create(vs); }

} // namespace

// External linkage: other translation units may call it.
IValue exported(std::vector<IValue> &&vs) {
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:{{[0-9]+}}: warning: rvalue reference parameter 'vs' is never moved from inside the function body [cppcoreguidelines-rvalue-reference-param-not-moved]
  return c10::ivalue::Tuple::create(vs);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'vs' is taken by rvalue reference
  // CHECK-MESSAGES: :[[@LINE-2]]:37: note: no fix-it: other translation units may call 'exported'; {{.*}}
}

struct Holder {
  std::vector<IValue> items;
  // Look-alike: a member function; `this` may lead to the caller's object.
  IValue take(std::vector<IValue> &&vs) {
    // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:{{[0-9]+}}: warning: rvalue reference parameter 'vs' is never moved from inside the function body [cppcoreguidelines-rvalue-reference-param-not-moved]
    auto t = c10::ivalue::Tuple::create(vs);
    return IValue(static_cast<int64_t>(items.size()));
  }
};

template <typename T>
IValue inTemplate(std::vector<T> &&vs) {
  // CHECK-MESSAGES-UPSTREAM: :[[@LINE-1]]:{{[0-9]+}}: warning: rvalue reference parameter 'vs' is never moved from inside the function body [cppcoreguidelines-rvalue-reference-param-not-moved]
  return c10::ivalue::Tuple::create(vs);
}

void use(const IValue &v);

void callers(std::vector<IValue> parts, at::Tensor t, std::vector<IValue> more) {
  std::vector<IValue> a{IValue(int64_t(1)), IValue(int64_t(2))};
  use(tup(std::move(a)));
  use(tup({IValue(int64_t(3))}));
  use(keep(std::move(t), 2));
  use(wrapRead(std::move(parts)));
  use(IValue(static_cast<int64_t>(parts.size())));
  IValue (*fp)(at::Tensor &&) = &viaPointer;
  use(fp(at::Tensor()));
  use(aliased(std::move(more), more));
  use(readAfter({}));
  use(userCodeAfter({}));
  use(constRvalue({}));
  use(inTemplate(std::vector<IValue>{}));
}

// With the upstream check that reports a `T&&` parameter never moved, that
// check's finding is the one (the UPSTREAM run expects only its findings).

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
