// RUN: %check_c10_tidy %s c10-make-intrusive %t
// REQUIRES: c10-intrusive-ptr
//
// Not this check's business: nothing is reported, nothing is changed.

#include <c10/util/intrusive_ptr.h>
#include <new>

struct A : c10::intrusive_ptr_target {
  explicit A(int v) : v(v) {}
  int v;
};
using APtr = c10::intrusive_ptr<A>;

// Already make_intrusive.
APtr made() { return c10::make_intrusive<A>(1); }

// reclaim(new A) is c10-intrusive-ptr-reclaim's (a different bug); a pointer
// that is not a new-expression may come from anywhere.
APtr reclaimed() { return APtr::reclaim(new A(2)); }
APtr adopted(A *fresh) { return APtr::unsafe_steal_from_new(fresh); }

// Placement new is not an allocation make_intrusive could make.
APtr placed(void *buffer) { return APtr::unsafe_steal_from_new(new (buffer) A(3)); }

// Another library's intrusive_ptr.
namespace mylib {
template <class T> struct intrusive_ptr {
  static intrusive_ptr unsafe_steal_from_new(T *) { return {}; }
};
} // namespace mylib
void other() { mylib::intrusive_ptr<A>::unsafe_steal_from_new(new A(4)); }
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
