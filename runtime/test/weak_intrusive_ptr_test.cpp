// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// weak_intrusive_ptr: observing without owning, lock(), expiry, and the
// release_resources() / deferred-delete protocol.

#include "test_objects.h"

#include <c10/util/intrusive_ptr.h>

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <set>
#include <type_traits>
#include <unordered_set>
#include <utility>

using c10::intrusive_ptr;
using c10::make_intrusive;
using c10::weak_intrusive_ptr;

namespace {

using WeakTracked = weak_intrusive_ptr<Tracked>;

static_assert(!std::is_default_constructible<WeakTracked>::value,
              "as in libtorch 1.13, a weak pointer is made from a strong one");

TEST(WeakIntrusivePtrTest, ObservesWithoutOwning) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  WeakTracked w(p);
  EXPECT_EQ(p.use_count(), 1u);
  EXPECT_EQ(p.weak_use_count(), 2u);
  EXPECT_EQ(w.use_count(), 1u);
  EXPECT_EQ(w.weak_use_count(), 2u);
  EXPECT_FALSE(w.expired());
  EXPECT_EQ(w._unsafe_get_target(), p.get());
}

TEST(WeakIntrusivePtrTest, LockMakesANewOwnerWhileAlive) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts, 11);
  WeakTracked w(p);
  {
    intrusive_ptr<Tracked> locked = w.lock();
    ASSERT_TRUE(locked.defined());
    EXPECT_EQ(locked->value, 11);
    EXPECT_EQ(p.use_count(), 2u);
  }
  EXPECT_EQ(p.use_count(), 1u);
}

TEST(WeakIntrusivePtrTest, LastOwnerReleasesResourcesAndLastWeakDeletes) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  WeakTracked w(p);
  p.reset();
  // Resources go with the last owner; the memory stays for the weak ref.
  EXPECT_EQ(counts.resources_released, 1);
  EXPECT_EQ(counts.destroyed, 0);
  EXPECT_TRUE(w.expired());
  EXPECT_EQ(w.use_count(), 0u);
  EXPECT_EQ(w.weak_use_count(), 1u);
  EXPECT_FALSE(w.lock().defined());
  EXPECT_FALSE(w.lock().defined());  // expiry is permanent
  w.reset();
  EXPECT_EQ(counts.destroyed, 1);
  EXPECT_EQ(w._unsafe_get_target(), nullptr);
}

TEST(WeakIntrusivePtrTest, NoWeakRefsMeansNoReleaseResources) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  { WeakTracked w(p); }  // a weak ref that is gone before the last owner
  p.reset();
  EXPECT_EQ(counts.resources_released, 0);
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(WeakIntrusivePtrTest, WeakFromEmptyPointer) {
  intrusive_ptr<Tracked> empty;
  WeakTracked w(empty);
  EXPECT_TRUE(w.expired());
  EXPECT_EQ(w.use_count(), 0u);
  EXPECT_EQ(w.weak_use_count(), 0u);
  EXPECT_FALSE(w.lock().defined());
  EXPECT_EQ(w.release(), nullptr);
}

TEST(WeakIntrusivePtrTest, CopyMoveAndAssignment) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  WeakTracked w(p);
  WeakTracked copy(w);
  EXPECT_EQ(p.weak_use_count(), 3u);
  WeakTracked moved(std::move(copy));
  EXPECT_EQ(p.weak_use_count(), 3u);
  EXPECT_EQ(copy._unsafe_get_target(), nullptr);  // NOLINT

  auto q = make_intrusive<Tracked>(&counts);
  WeakTracked other(q);
  other = w;  // copy assignment
  EXPECT_EQ(q.weak_use_count(), 1u);
  EXPECT_EQ(p.weak_use_count(), 4u);
  other = WeakTracked(q);  // move assignment
  EXPECT_EQ(p.weak_use_count(), 3u);
  EXPECT_EQ(q.weak_use_count(), 2u);
  other = p;  // assignment from a strong pointer
  EXPECT_EQ(p.weak_use_count(), 4u);
  EXPECT_EQ(q.weak_use_count(), 1u);

  auto& alias = other;
  other = alias;
  EXPECT_EQ(p.weak_use_count(), 4u);
}

TEST(WeakIntrusivePtrTest, ConvertingCopyAndMove) {
  LifecycleCounts counts;
  auto child = make_intrusive<TrackedChild>(&counts, 3);
  weak_intrusive_ptr<TrackedChild> weak_child(child);
  WeakTracked weak_base(weak_child);
  EXPECT_EQ(child.weak_use_count(), 3u);
  WeakTracked weak_moved(std::move(weak_child));
  EXPECT_EQ(child.weak_use_count(), 3u);
  // NOLINTNEXTLINE(c10-intrusive-ptr-reclaim): `child` owns the object, lock() cannot be empty.
  EXPECT_EQ(weak_moved.lock()->value, 3);

  auto child2 = make_intrusive<TrackedChild>(&counts, 4);
  weak_intrusive_ptr<TrackedChild> weak_child2(child2);
  weak_base = weak_child2;
  EXPECT_EQ(child.weak_use_count(), 2u);
  EXPECT_EQ(child2.weak_use_count(), 3u);
  weak_base = std::move(weak_child2);
  EXPECT_EQ(child2.weak_use_count(), 2u);
  // NOLINTNEXTLINE(c10-intrusive-ptr-reclaim): `child2` owns the object, lock() cannot be empty.
  EXPECT_EQ(weak_base.lock()->value, 4);
}

TEST(WeakIntrusivePtrTest, SwapAndComparisons) {
  LifecycleCounts counts;
  auto a = make_intrusive<Tracked>(&counts, 1);
  auto b = make_intrusive<Tracked>(&counts, 2);
  WeakTracked wa(a);
  WeakTracked wb(b);
  WeakTracked wa2(a);
  EXPECT_TRUE(wa == wa2);
  EXPECT_TRUE(wa != wb);
  EXPECT_EQ(wa < wb, std::less<Tracked*>()(a.get(), b.get()));
  wa.swap(wb);
  // NOLINTNEXTLINE(c10-intrusive-ptr-reclaim): `b` owns the object, lock() cannot be empty.
  EXPECT_EQ(wa.lock()->value, 2);
  swap(wa, wb);
  // NOLINTNEXTLINE(c10-intrusive-ptr-reclaim): `a` owns the object, lock() cannot be empty.
  EXPECT_EQ(wa.lock()->value, 1);

  std::unordered_set<WeakTracked> hashed{wa, wb, wa2};
  EXPECT_EQ(hashed.size(), 2u);
  EXPECT_EQ(std::hash<WeakTracked>()(wa), std::hash<Tracked*>()(a.get()));
  std::set<WeakTracked> ordered{wa, wb, wa2};
  EXPECT_EQ(ordered.size(), 2u);
}

TEST(WeakIntrusivePtrTest, ReleaseAndReclaim) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  WeakTracked w(p);
  Tracked* weak_raw = w.release();
  EXPECT_EQ(w._unsafe_get_target(), nullptr);
  EXPECT_EQ(p.weak_use_count(), 2u);  // the raw pointer carries the ref
  {
    auto copy = WeakTracked::reclaim_copy(weak_raw);
    EXPECT_EQ(p.weak_use_count(), 3u);
  }
  EXPECT_EQ(p.weak_use_count(), 2u);
  p.reset();
  EXPECT_EQ(counts.destroyed, 0);
  {
    auto back = WeakTracked::reclaim(weak_raw);
    EXPECT_TRUE(back.expired());
  }
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(WeakIntrusivePtrTest, ReclaimCopyWhileOtherWeakRefsExist) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  WeakTracked existing(p);
  // p.get() is also the value a weak raw pointer would hold.
  auto w = WeakTracked::reclaim_copy(p.get());
  EXPECT_EQ(p.weak_use_count(), 3u);
  EXPECT_EQ(w.lock().get(), p.get());
}

TEST(WeakIntrusivePtrTest, WeakRefsOutliveManyOwners) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  WeakTracked w1(p);
  WeakTracked w2(w1);
  auto q = w2.lock();
  p.reset();
  EXPECT_FALSE(w1.expired());
  q.reset();
  EXPECT_TRUE(w1.expired());
  EXPECT_EQ(counts.resources_released, 1);
  w1.reset();
  EXPECT_EQ(counts.destroyed, 0);
  w2.reset();
  EXPECT_EQ(counts.destroyed, 1);
}

// `last` is the only reference left (one owner, no weak refs): dropping it
// deletes the object at once, without release_resources().
void expectLastOwnerDeletesAtOnce(intrusive_ptr<Tracked>& last, const LifecycleCounts& counts) {
  EXPECT_EQ(last.use_count(), 1u);
  EXPECT_EQ(last.weak_use_count(), 1u);
  EXPECT_EQ(counts.destroyed, 0);
  last.reset();
  EXPECT_EQ(counts.destroyed, 1);
  EXPECT_EQ(counts.resources_released, 0);
}

// The last release decides from the counts its decrement returned (one word
// in the runtime): an owner made by lock() whose weak ref is gone is the only
// reference left, and its release deletes at once.
TEST(WeakIntrusivePtrTest, OwnerFromLockIsTheSoleReferenceOnceTheWeakRefIsGone) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  auto w = std::make_unique<WeakTracked>(p);
  auto locked = w->lock();
  p.reset();
  w.reset();
  expectLastOwnerDeletesAtOnce(locked, counts);
}

// The same counts reached the other way round: the weak ref is dropped while
// a second owner remains, then the owners go one by one.
TEST(WeakIntrusivePtrTest, CountsBackAtOneOwnerDeleteWithoutReleaseResources) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  auto q = p;
  { WeakTracked w(q); }
  q.reset();
  expectLastOwnerDeletesAtOnce(p, counts);
}

// One weak ref left when the last owner goes: resources go, memory stays,
// lock() fails.
TEST(WeakIntrusivePtrTest, OneWeakRefMakesTheLastReleaseDeferTheDelete) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  WeakTracked w(p);
  EXPECT_EQ(p.weak_use_count(), 2u);
  p.reset();
  EXPECT_EQ(counts.resources_released, 1);
  EXPECT_EQ(counts.destroyed, 0);
  EXPECT_FALSE(w.lock());
  w.reset();
  EXPECT_EQ(counts.destroyed, 1);
}

#ifdef C10TIDY_REFERENCE_RUNTIME
// Both 32-bit counts share one 8-byte word after the vtable pointer
// (libtorch 1.13 has two 8-byte counts: 24 bytes).
static_assert(sizeof(c10::intrusive_ptr_target) == 16,
              "vptr + two 32-bit counts");
#endif

} // namespace
