// RUN: %check_c10_tidy %s c10-intrusive-ptr-reclaim %t
// REQUIRES: c10-intrusive-ptr
//
// Templates: one report per location; the reclaim(new T) fix-it only in code
// that does not depend on a template parameter. Macros: no fix-it.

#include <c10/util/intrusive_ptr.h>

struct A : c10::intrusive_ptr_target {
  explicit A(int v) : v(v) {}
  int v;
};
struct B : c10::intrusive_ptr_target {
  explicit B(int v) : v(v) {}
  int v;
};

template <typename T> c10::intrusive_ptr<T> wrap(int v) {
  return c10::intrusive_ptr<T>::reclaim(new T(v));
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 'reclaim()' of a new object
  // CHECK-NOTES: :[[@LINE-2]]:41: note: no fix-it: the code is in a template instantiation
  // CHECK-FIXES: {{^}}  return c10::intrusive_ptr<T>::reclaim(new T(v));{{$}}
}

template <typename T> c10::intrusive_ptr<A> independent(T v) {
  return c10::intrusive_ptr<A>::reclaim(new A(static_cast<int>(v)));
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 'reclaim()' of a new object
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<A>(static_cast<int>(v));{{$}}
}

template <typename T> void discard(T *owning, const c10::weak_intrusive_ptr<T> &w) {
  c10::intrusive_ptr<T>::reclaim(owning);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: the result of 'reclaim()' is discarded
  auto s = w.lock();
  s->v++;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 's' is dereferenced without a null check
}

int instantiate(A *a, B *b, const c10::weak_intrusive_ptr<A> &wa,
                const c10::weak_intrusive_ptr<B> &wb) {
  discard(a, wa);
  discard(b, wb);
  return wrap<A>(1)->v + wrap<B>(2)->v + independent(3)->v + independent(4.0)->v;
}

#define RECLAIM_NEW(T, ...) c10::intrusive_ptr<T>::reclaim(new T(__VA_ARGS__))
#define RELEASE(p) (p).release()

int inMacros(c10::intrusive_ptr<A> p) {
  auto a = RECLAIM_NEW(A, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'reclaim()' of a new object
  // CHECK-NOTES: :[[@LINE-2]]:12: note: no fix-it: the code is inside a macro expansion
  RELEASE(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'release()' is discarded
  return a->v;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
