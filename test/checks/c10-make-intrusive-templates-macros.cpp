// RUN: %check_c10_tidy %s c10-make-intrusive %t
// REQUIRES: c10-intrusive-ptr
//
// Templates: one report per location however many instantiations; fix-its
// only in code that does not depend on a template parameter. Macros: a
// warning, never a fix-it.

#include <c10/util/intrusive_ptr.h>

struct A : c10::intrusive_ptr_target {
  explicit A(int v) : v(v) {}
  int v;
};
struct B : c10::intrusive_ptr_target {
  explicit B(int v) : v(v * 2) {}
  int v;
};

// Depends on T: a rewrite of the template would apply to every instantiation.
template <typename T> c10::intrusive_ptr<T> make(int v) {
  return c10::intrusive_ptr<T>::unsafe_steal_from_new(new T(v));
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: use 'c10::make_intrusive<T>(...)' instead of 'unsafe_steal_from_new(new ...)'
  // CHECK-NOTES: :[[@LINE-2]]:33: note: no fix-it: the code is in a template instantiation
  // CHECK-FIXES: {{^}}  return c10::intrusive_ptr<T>::unsafe_steal_from_new(new T(v));{{$}}
}

// Does not depend on T: the template definition itself is rewritten.
template <typename T> c10::intrusive_ptr<A> independent(T extra) {
  return c10::intrusive_ptr<A>::unsafe_steal_from_new(new A(static_cast<int>(extra)));
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: use 'c10::make_intrusive<A>(...)'
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<A>(static_cast<int>(extra));{{$}}
}

template <typename T> struct Factory {
  static c10::intrusive_ptr<T> create() {
    return c10::intrusive_ptr<T>::unsafe_steal_from_new(new T(1));
    // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: use 'c10::make_intrusive<T>(...)'
    // CHECK-NOTES: :[[@LINE-2]]:35: note: no fix-it: the code is in a template instantiation
  }
};

// Never instantiated: nothing to report, nothing to crash on.
template <typename T> auto neverInstantiated() {
  return c10::intrusive_ptr<T>::unsafe_steal_from_new(new T());
}

int instantiate() {
  return make<A>(1)->v + make<B>(2)->v + independent(1) ->v + independent(2.0)->v +
         Factory<A>::create()->v + Factory<B>::create()->v;
}

// --- Macros -----------------------------------------------------------------

#define STEAL(T, ...) c10::intrusive_ptr<T>::unsafe_steal_from_new(new T(__VA_ARGS__))
#define PASS(x) x
#define NEW_A new A(7)

int inMacros() {
  auto a = STEAL(A, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: use 'c10::make_intrusive<A>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:12: note: no fix-it: the code is inside a macro expansion
  // CHECK-FIXES: {{^}}  auto a = STEAL(A, 1);{{$}}
  auto b = PASS(c10::intrusive_ptr<A>::unsafe_steal_from_new(new A(2)));
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: use 'c10::make_intrusive<A>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:40: note: no fix-it: the code is inside a macro expansion
  auto c = c10::intrusive_ptr<A>::unsafe_steal_from_new(NEW_A);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: use 'c10::make_intrusive<A>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:35: note: no fix-it: the code is inside a macro expansion
  return a->v + b->v + c->v;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
