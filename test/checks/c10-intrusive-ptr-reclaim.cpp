// RUN: %check_c10_tidy %s c10-intrusive-ptr-reclaim %t
// REQUIRES: c10-intrusive-ptr
//
// Ownership bugs at the raw-pointer boundary of intrusive_ptr. The one fix-it:
// reclaim(new T(...)) -> c10::make_intrusive<T>(...).

#include <c10/util/intrusive_ptr.h>
#include <string>
#include <utility>

struct Vec : c10::intrusive_ptr_target {
  Vec() = default;
  explicit Vec(int n) : n(n) {}
  int size() const { return n; }
  int n = 0;
};
using VecPtr = c10::intrusive_ptr<Vec>;
void take(VecPtr);

// --- reclaim() of a new object: refcount 0, never destroyed ------------------

VecPtr reclaimNew() {
  return c10::intrusive_ptr<Vec>::reclaim(new Vec(3));
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'reclaim()' of a new object: reclaim adopts a reference without adding one, so the object's refcount stays 0 and it is never destroyed; use 'c10::make_intrusive<Vec>(...)' [c10-intrusive-ptr-reclaim]
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<Vec>(3);{{$}}
}

void reclaimNewForms() {
  take(VecPtr::reclaim(new Vec()));
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'reclaim()' of a new object
  // CHECK-FIXES: {{^}}  take(c10::make_intrusive<Vec>());{{$}}
  take(VecPtr::reclaim(new Vec));
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'reclaim()' of a new object
  // CHECK-FIXES: {{^}}  take(c10::make_intrusive<Vec>());{{$}}
  take(VecPtr::reclaim(new Vec{4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'reclaim()' of a new object
  // CHECK-FIXES: {{^}}  take(c10::make_intrusive<Vec>(4));{{$}}
}

struct Bare : c10::intrusive_ptr_target {
  int value;
};

// `new Bare` leaves value indeterminate; make_intrusive would zero it.
c10::intrusive_ptr<Bare> reclaimDefaultInit() {
  return c10::intrusive_ptr<Bare>::reclaim(new Bare);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'reclaim()' of a new object
  // CHECK-NOTES: :[[@LINE-2]]:44: note: no fix-it: 'new Bare' default-initialises
}

// The seed's demo: called through an instance, result discarded. What the
// author meant (assign to ip? a temporary?) is not for a tool to decide.
void throughInstanceDiscarded() {
  VecPtr ip;
  ip.reclaim(new Vec(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:6: warning: 'ip.reclaim(...)' creates a new intrusive_ptr; 'ip' is not changed: 'reclaim' is a static member function and the result is discarded
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: 'reclaim()' of a new object
  // CHECK-NOTES: :[[@LINE-3]]:14: note: no fix-it: the result is discarded: decide which intrusive_ptr should own the object (e.g. 'p = c10::make_intrusive<Vec>(...)')
}

// Through an instance, result used: the instance is only evaluated.
void throughInstanceUsed(VecPtr ip) {
  VecPtr other = ip.reclaim(new Vec(2));
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'ip.reclaim(...)' creates a new intrusive_ptr; 'ip' is not changed: 'reclaim' is a static member function [c10-intrusive-ptr-reclaim]
  // CHECK-MESSAGES: :[[@LINE-2]]:29: warning: 'reclaim()' of a new object
  // CHECK-FIXES: {{^}}  VecPtr other = c10::make_intrusive<Vec>(2);{{$}}
  take(other);
}

// A local that holds a new object, as in the seed's demo.
void localNew() {
  Vec *raw = new Vec(5);
  VecPtr p = VecPtr::reclaim(raw);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'raw' points to a new object that no intrusive_ptr owns (refcount 0): reclaim adopts a reference without adding one, so the object is never destroyed; create it with 'c10::make_intrusive<Vec>(...)'
  // CHECK-NOTES: :[[@LINE-3]]:14: note: the object is created here
  take(p);
}

// The seed's demo, as written for c10: the object leaks and ip stays empty.
void seedDemo() {
  Vec *raw_ptr = new Vec(3);
  VecPtr ip, ip2;
  ip.reclaim(raw_ptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:6: warning: 'ip.reclaim(...)' creates a new intrusive_ptr; 'ip' is not changed: 'reclaim' is a static member function and the result is discarded
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: 'raw_ptr' points to a new object that no intrusive_ptr owns (refcount 0)
  // CHECK-NOTES: :[[@LINE-5]]:18: note: the object is created here
}

// --- Owned pointers: released twice -----------------------------------------

void reclaimOfGet(const VecPtr &owner) {
  VecPtr second = VecPtr::reclaim(owner.get());
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'owner.get()' is still owned by 'owner': reclaim adopts a reference that 'owner' releases too, so the object is released twice; copy 'owner' instead
  take(second);
}

void reclaimOfGetThroughLocal(const VecPtr &owner) {
  Vec *raw = owner.get();
  take(VecPtr::reclaim(raw));
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'raw' is still owned by 'owner'
  // CHECK-NOTES: :[[@LINE-3]]:14: note: 'raw' is initialised from 'owner.get()' here
}

void stealOfGet(const VecPtr &owner) {
  take(VecPtr::unsafe_steal_from_new(owner.get()));
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'unsafe_steal_from_new()' of an object 'owner' still owns: it resets the refcount to 1, so the object is deleted while 'owner' points to it; copy 'owner' instead
}

struct Node : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Node> self() { return c10::intrusive_ptr<Node>::reclaim(this); }
  // CHECK-MESSAGES: :[[@LINE-1]]:78: warning: 'reclaim(this)' adopts a reference 'this' does not carry, so the object is released once more than it is owned; use 'unsafe_reclaim_from_nonowning(this)' to make a new owner
};

// --- Discarded results --------------------------------------------------------

void discarded(Vec *owning, Vec *fresh) {
  VecPtr::reclaim(owning);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the result of 'reclaim()' is discarded: the intrusive_ptr it returns releases the object at the end of the statement
  VecPtr::reclaim_copy(owning);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the result of 'reclaim_copy()' is discarded: the reference it adds is dropped at the end of the statement, so the call has no effect
  VecPtr::unsafe_steal_from_new(fresh);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the result of 'unsafe_steal_from_new()' is discarded: the object is deleted at the end of the statement
  VecPtr::unsafe_steal_from_new(new Vec(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the result of 'unsafe_steal_from_new()' is discarded: the object is deleted at the end of the statement
  for (int i = 0; i < 1; VecPtr::reclaim(owning), ++i) {
  }
  // CHECK-MESSAGES: :[[@LINE-2]]:34: warning: the result of 'reclaim()' is discarded
  if (owning)
    VecPtr::reclaim(owning);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: the result of 'reclaim()' is discarded
}

void discardedThroughInstance(VecPtr ip, Vec *owning) {
  ip.reclaim(owning);
  // CHECK-MESSAGES: :[[@LINE-1]]:6: warning: the result of 'reclaim()' is discarded: the intrusive_ptr it returns releases the object at the end of the statement; 'ip' is not changed: 'reclaim' is a static member function
  ip.reclaim_copy(owning);
  // CHECK-MESSAGES: :[[@LINE-1]]:6: warning: the result of 'reclaim_copy()' is discarded: the reference it adds is dropped at the end of the statement, so the call has no effect; 'ip' is not changed: 'reclaim_copy' is a static member function
}

void instanceUsed(VecPtr ip, Vec *owning) {
  VecPtr copy = ip.reclaim_copy(owning);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'ip.reclaim_copy(...)' creates a new intrusive_ptr; 'ip' is not changed: 'reclaim_copy' is a static member function [c10-intrusive-ptr-reclaim]
  take(copy);
}

// --- release() discarded: leaked ---------------------------------------------

void releaseDiscarded(VecPtr p, c10::weak_intrusive_ptr<Vec> w) {
  p.release();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the result of 'release()' is discarded: the reference it hands over is leaked and the object is never destroyed; use 'reset()' to drop it
  w.release();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the result of 'release()' is discarded: the weak reference it hands over is leaked, and the object's memory with it; use 'reset()' to drop it
}

// --- lock() without a null check ---------------------------------------------

int lockDirect(const c10::weak_intrusive_ptr<Vec> &w) {
  int a = w.lock()->size();
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: the result of 'lock()' is dereferenced without a null check: it is empty once the object has expired
  int b = (*w.lock()).n;
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: the result of 'lock()' is dereferenced without a null check
  return a + b;
}

int lockLocal(const c10::weak_intrusive_ptr<Vec> &w) {
  auto s = w.lock();
  int n = s->size();
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 's' is dereferenced without a null check: it holds the result of 'lock()', which is empty once the object has expired
  // CHECK-NOTES: :[[@LINE-3]]:14: note: 's' is initialised by 'lock()' here
  if (s)
    n += s->size(); // checked: reported once, at the first unchecked use
  return n + s->size();
}

// A check that does not dominate the dereference.
int lockCheckedElsewhere(const c10::weak_intrusive_ptr<Vec> &w, bool flag) {
  VecPtr s = w.lock();
  if (flag && !s)
    return 0;
  return s->size();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 's' is dereferenced without a null check
}

// The lambda captures `s` after the check.
int lockInLambda(const c10::weak_intrusive_ptr<Vec> &w) {
  auto s = w.lock();
  if (!s)
    return 0;
  auto later = [s] { return s->size(); };
  return later();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
