// RUN: %check_c10_tidy %s c10-intrusive-ptr-reclaim %t
// REQUIRES: c10-intrusive-ptr
//
// c10::raw::intrusive_ptr::incref(p) adds a reference; a reclaim(p) after it
// adopts exactly that reference, so the pair makes a new owner without a
// double release. A class that hands out owners of itself does this with
// `this`. Only a reclaim with no incref before it is reported.

#include <c10/util/intrusive_ptr.h>

struct Session : c10::intrusive_ptr_target {
  int id = 0;

  // The owner-from-this idiom: add a reference, then adopt it.
  c10::intrusive_ptr<Session> owner() {
    c10::raw::intrusive_ptr::incref(this);
    return c10::intrusive_ptr<Session>::reclaim(this);
  }

  // The same with a cast and parentheses around `this`.
  c10::intrusive_ptr<Session> ownerThroughCast() {
    c10::raw::intrusive_ptr::incref(static_cast<c10::intrusive_ptr_target *>(this));
    return c10::intrusive_ptr<Session>::reclaim((this));
  }

  // The reference is added after the adoption: the reclaim releases one too many.
  c10::intrusive_ptr<Session> lateIncref() {
    auto p = c10::intrusive_ptr<Session>::reclaim(this);
    // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: 'reclaim(this)' adopts a reference 'this' does not carry, so the object is released once more than it is owned; use 'unsafe_reclaim_from_nonowning(this)' to make a new owner
    c10::raw::intrusive_ptr::incref(this);
    return p;
  }

  // Another object's reference does not pay for this one.
  c10::intrusive_ptr<Session> otherIncref(Session *other) {
    c10::raw::intrusive_ptr::incref(other);
    return c10::intrusive_ptr<Session>::reclaim(this);
    // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: 'reclaim(this)' adopts a reference 'this' does not carry
  }
};

// A pointer still owned elsewhere: incref first makes the second owner.
c10::intrusive_ptr<Session> share(const c10::intrusive_ptr<Session> &p) {
  c10::raw::intrusive_ptr::incref(p.get());
  return c10::intrusive_ptr<Session>::reclaim(p.get());
}

// Without the incref the same adoption releases p's reference twice.
c10::intrusive_ptr<Session> shareWithoutIncref(const c10::intrusive_ptr<Session> &p) {
  return c10::intrusive_ptr<Session>::reclaim(p.get());
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: 'p.get()' is still owned by 'p': reclaim adopts a reference that 'p' releases too, so the object is released twice; copy 'p' instead
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
