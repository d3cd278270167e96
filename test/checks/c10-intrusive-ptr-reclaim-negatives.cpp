// RUN: %check_c10_tidy %s c10-intrusive-ptr-reclaim %t
// REQUIRES: c10-intrusive-ptr
//
// Correct ownership code: nothing is reported, nothing is changed.

#include <c10/util/Exception.h>
#include <c10/util/intrusive_ptr.h>
#include <cassert>
#include <cstddef>
#include <utility>

struct Vec : c10::intrusive_ptr_target {
  explicit Vec(int n) : n(n) {}
  int size() const { return n; }
  int n;
};
using VecPtr = c10::intrusive_ptr<Vec>;
using WeakVec = c10::weak_intrusive_ptr<Vec>;
void take(VecPtr);
void *toC(Vec *);
Vec *fromC(void *);

// release() paired with reclaim(): the documented round trip through C.
void *handOut(VecPtr p) { return toC(p.release()); }
VecPtr takeBack(void *handle) { return VecPtr::reclaim(fromC(handle)); }

void roundTrip(VecPtr p) {
  Vec *raw = p.release();
  VecPtr back = VecPtr::reclaim(raw);
  take(back);
  take(VecPtr::reclaim(VecPtr(back).release()));
}

// Borrowing the reference a raw pointer carries, and giving it back.
std::size_t countOf(Vec *owning, Vec *weakOwning) {
  auto strong = VecPtr::reclaim(owning);
  std::size_t n = strong.use_count();
  strong.release();
  auto weak = WeakVec::reclaim(weakOwning);
  n += weak.use_count();
  weak.release();
  return n;
}

// reclaim_copy adds the reference it needs: x.get() is fine there.
VecPtr copyOfGet(const VecPtr &owner) { return VecPtr::reclaim_copy(owner.get()); }

// The owner of x.get() released it first.
VecPtr afterRelease(VecPtr owner) {
  Vec *raw = owner.get();
  owner.release();
  return VecPtr::reclaim(raw);
}

// A local that is written after its initialisation may hold anything.
VecPtr reassigned(void *handle) {
  Vec *raw = new Vec(1);
  delete raw;
  raw = fromC(handle);
  return VecPtr::reclaim(raw);
}

// Adopted by unsafe_steal_from_new first: at the reclaim the object has an
// owner, so "a new object nobody owns" would be wrong. (The double adoption
// itself is not detected; see the docs' limitations.)
VecPtr adoptedTwice() {
  Vec *raw = new Vec(1);
  VecPtr first = VecPtr::unsafe_steal_from_new(raw);
  take(first);
  return VecPtr::reclaim(raw);
}

// make_intrusive and unsafe_steal_from_new adopt a fresh object correctly.
VecPtr fresh() {
  VecPtr a = c10::make_intrusive<Vec>(1);
  VecPtr b = VecPtr::unsafe_steal_from_new(new Vec(2));
  return a->size() < b->size() ? a : b;
}

// An explicit cast to void says the release is intended.
void intendedDiscard(Vec *owning) {
  (void)VecPtr::reclaim(owning);
  static_cast<void>(VecPtr::reclaim_copy(owning));
}

// Results used in every way.
VecPtr used(Vec *owning, Vec *other) {
  VecPtr a = VecPtr::reclaim(owning);
  take(VecPtr::reclaim_copy(other));
  Vec *raw = a.release();
  auto kept = raw ? VecPtr::reclaim(raw) : VecPtr();
  return kept;
}

// Another class's reclaim/release/lock.
namespace other {
template <class T> struct intrusive_ptr {
  static intrusive_ptr reclaim(T *) { return {}; }
  T *release() { return nullptr; }
};
} // namespace other
void otherClass(Vec *raw) {
  other::intrusive_ptr<Vec>::reclaim(raw);
  other::intrusive_ptr<Vec>().release();
  other::intrusive_ptr<Vec>::reclaim(new Vec(1));
}

// --- lock() checked before use ------------------------------------------------

int lockChecked(const WeakVec &w) {
  int n = 0;
  if (auto s = w.lock())
    n += s->size();
  auto a = w.lock();
  if (a)
    n += a->size();
  if (a.defined())
    n += (*a).size();
  if (a != nullptr)
    n += a->size();
  if (nullptr != a.get())
    n += a->size();
  if (a && a->size() > 1)
    n += 1;
  n += a ? a->size() : 0;
  n += !a ? 0 : a->size();
  if (!a || a->size() == 0)
    return n;
  if (a == nullptr) {
    n = 0;
  } else {
    n += a->size();
  }
  return n;
}

int earlyReturn(const WeakVec &w) {
  auto s = w.lock();
  if (!s)
    return 0;
  return s->size();
}

int earlyThrow(const WeakVec &w) {
  VecPtr s = w.lock();
  if (!s.defined()) {
    throw std::runtime_error("expired");
  }
  return s->size();
}

int torchCheck(const WeakVec &w) {
  auto s = w.lock();
  TORCH_CHECK(s, "the vector expired");
  return s->size();
}

int asserted(const WeakVec &w) {
  auto s = w.lock();
  assert(s);
  return s->size();
}

int inLoop(const WeakVec &w) {
  int n = 0;
  for (int i = 0; i < 3; ++i) {
    auto s = w.lock();
    if (!s)
      continue;
    n += s->size();
  }
  while (auto s = w.lock()) {
    n += s->size();
    break;
  }
  return n;
}

// Reassigned: what it holds at the dereference is not lock()'s result.
int reassignedLock(const WeakVec &w, VecPtr fallback) {
  auto s = w.lock();
  s = std::move(fallback);
  return s->size();
}

// Not dereferenced: passed on, compared, tested.
bool notDereferenced(const WeakVec &w) {
  auto s = w.lock();
  take(s);
  return s.defined() && w.lock() != nullptr && w.lock().get() != nullptr;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
