// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// intrusive_ptr_target and intrusive_ptr: ownership, counts, conversions,
// raw-pointer escapes and the seed's demo scenarios.

#include "test_objects.h"

#include <c10/util/intrusive_ptr.h>

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <type_traits>
#include <unordered_set>
#include <utility>

using c10::intrusive_ptr;
using c10::make_intrusive;
using c10::weak_intrusive_ptr;

namespace {

TEST(IntrusivePtrTest, DefaultConstructedIsEmpty) {
  intrusive_ptr<Tracked> p;
  EXPECT_FALSE(p.defined());
  EXPECT_FALSE(p);
  EXPECT_EQ(p.get(), nullptr);
  EXPECT_EQ(p.use_count(), 0u);
  EXPECT_EQ(p.weak_use_count(), 0u);
  EXPECT_FALSE(p.unique());
  EXPECT_TRUE(p == nullptr);
  EXPECT_TRUE(nullptr == p);
}

TEST(IntrusivePtrTest, MakeIntrusiveOwnsANewObject) {
  LifecycleCounts counts;
  {
    auto p = make_intrusive<Tracked>(&counts, 42);
    static_assert(std::is_same<decltype(p), intrusive_ptr<Tracked>>::value);
    EXPECT_TRUE(p.defined());
    EXPECT_EQ(p->value, 42);
    EXPECT_EQ((*p).value, 42);
    EXPECT_EQ(p.use_count(), 1u);
    EXPECT_EQ(p.weak_use_count(), 1u);  // the strong side's +1
    EXPECT_TRUE(p.unique());
    EXPECT_TRUE(p != nullptr);
    EXPECT_EQ(counts.constructed, 1);
  }
  EXPECT_EQ(counts.destroyed, 1);
  // No weak refs were left, so the object was deleted directly.
  EXPECT_EQ(counts.resources_released, 0);
}

TEST(IntrusivePtrTest, MakeMemberFunctionAndConstTarget) {
  LifecycleCounts counts;
  {
    auto p = intrusive_ptr<Tracked>::make(&counts, 3);
    intrusive_ptr<const Tracked> c = p;
    EXPECT_EQ(c->value, 3);
    EXPECT_EQ(p.use_count(), 2u);
    p.reset();
    EXPECT_TRUE(c.unique());
  }
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(IntrusivePtrTest, CopySharesOwnership) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  {
    intrusive_ptr<Tracked> q(p);
    EXPECT_EQ(q.get(), p.get());
    EXPECT_EQ(p.use_count(), 2u);
    EXPECT_EQ(p.weak_use_count(), 1u);  // copies do not touch weakcount
    EXPECT_FALSE(p.unique());
    intrusive_ptr<Tracked> r;
    r = q;
    EXPECT_EQ(p.use_count(), 3u);
  }
  EXPECT_EQ(p.use_count(), 1u);
  EXPECT_EQ(counts.destroyed, 0);
  p.reset();
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(IntrusivePtrTest, MoveTransfersOwnershipWithoutCounting) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  Tracked* raw = p.get();
  intrusive_ptr<Tracked> q(std::move(p));
  EXPECT_FALSE(p.defined());  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(q.get(), raw);
  EXPECT_EQ(q.use_count(), 1u);
  intrusive_ptr<Tracked> r;
  r = std::move(q);
  EXPECT_FALSE(q.defined());  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(r.use_count(), 1u);
  EXPECT_EQ(counts.destroyed, 0);
}

TEST(IntrusivePtrTest, AssignmentReleasesThePreviousObject) {
  LifecycleCounts a_counts;
  LifecycleCounts b_counts;
  auto a = make_intrusive<Tracked>(&a_counts);
  auto b = make_intrusive<Tracked>(&b_counts);
  a = b;
  EXPECT_EQ(a_counts.destroyed, 1);
  EXPECT_EQ(b.use_count(), 2u);
  auto c = make_intrusive<Tracked>(&a_counts);
  a = std::move(c);
  EXPECT_EQ(b.use_count(), 1u);
  EXPECT_EQ(a_counts.destroyed, 1);
}

TEST(IntrusivePtrTest, SelfAssignmentKeepsTheObject) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  auto& alias = p;
  p = alias;
  EXPECT_EQ(p.use_count(), 1u);
  p = std::move(alias);
  EXPECT_TRUE(p.defined());
  EXPECT_EQ(p.use_count(), 1u);
  EXPECT_EQ(counts.destroyed, 0);
}

TEST(IntrusivePtrTest, ResetAndSwap) {
  LifecycleCounts counts;
  auto a = make_intrusive<Tracked>(&counts, 1);
  auto b = make_intrusive<Tracked>(&counts, 2);
  a.swap(b);
  EXPECT_EQ(a->value, 2);
  EXPECT_EQ(b->value, 1);
  swap(a, b);
  EXPECT_EQ(a->value, 1);
  a.reset();
  EXPECT_FALSE(a.defined());
  EXPECT_EQ(counts.destroyed, 1);
  a.reset();  // resetting an empty pointer is a no-op
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(IntrusivePtrTest, ConvertingCopyAndMoveBetweenRelatedTypes) {
  LifecycleCounts counts;
  auto child = make_intrusive<TrackedChild>(&counts, 5);
  intrusive_ptr<Tracked> base(child);
  EXPECT_EQ(base.get(), child.get());
  EXPECT_EQ(child.use_count(), 2u);
  intrusive_ptr<Tracked> moved(std::move(child));
  EXPECT_FALSE(child.defined());  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(moved.use_count(), 2u);

  auto other = make_intrusive<TrackedChild>(&counts, 6);
  base = other;  // converting copy assignment
  EXPECT_EQ(base->value, 6);
  EXPECT_EQ(other.use_count(), 2u);
  base = std::move(other);  // converting move assignment
  EXPECT_EQ(base.use_count(), 1u);
  EXPECT_EQ(counts.destroyed, 0);

  static_assert(std::is_convertible<intrusive_ptr<TrackedChild>,
                                    intrusive_ptr<Tracked>>::value);
}

TEST(IntrusivePtrTest, ConstructFromUniquePtr) {
  LifecycleCounts counts;
  {
    intrusive_ptr<Tracked> p(std::make_unique<Tracked>(&counts, 9));
    EXPECT_EQ(p->value, 9);
    EXPECT_EQ(p.use_count(), 1u);
    EXPECT_EQ(p.weak_use_count(), 1u);
  }
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(IntrusivePtrTest, ReleaseAndReclaimRoundTrip) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  Tracked* raw = p.release();
  EXPECT_FALSE(p.defined());
  EXPECT_EQ(counts.destroyed, 0);  // the raw pointer still owns it
  {
    auto back = intrusive_ptr<Tracked>::reclaim(raw);
    EXPECT_EQ(back.get(), raw);
    EXPECT_EQ(back.use_count(), 1u);  // reclaim does not add a reference
  }
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(IntrusivePtrTest, ReclaimCopyAddsAnOwner) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  Tracked* raw = p.release();
  {
    auto copy = intrusive_ptr<Tracked>::reclaim_copy(raw);
    EXPECT_EQ(copy.use_count(), 2u);
  }
  EXPECT_EQ(counts.destroyed, 0);
  // NOLINTNEXTLINE(c10-intrusive-ptr-reclaim): a deliberate decref, the behaviour under test.
  intrusive_ptr<Tracked>::reclaim(raw);
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(IntrusivePtrTest, ReleaseOfEmptyPointerIsNull) {
  intrusive_ptr<Tracked> p;
  EXPECT_EQ(p.release(), nullptr);
  auto back = intrusive_ptr<Tracked>::reclaim(nullptr);
  EXPECT_FALSE(back.defined());
}

TEST(IntrusivePtrTest, DontIncreaseRefcountAdoptsAnExistingReference) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  intrusive_ptr<Tracked> adopted(p.release(), c10::raw::DontIncreaseRefcount{});
  EXPECT_EQ(adopted.use_count(), 1u);
  adopted.reset();
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(IntrusivePtrTest, UnsafeStealFromNewAdoptsAFreshObject) {
  LifecycleCounts counts;
  {
    // NOLINTNEXTLINE(c10-make-intrusive): unsafe_steal_from_new itself is under test.
    auto p = intrusive_ptr<Tracked>::unsafe_steal_from_new(new Tracked(&counts));
    EXPECT_EQ(p.use_count(), 1u);
    EXPECT_EQ(p.weak_use_count(), 1u);
  }
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(IntrusivePtrTest, UnsafeReclaimFromNonowningIsSharedFromThis) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  Tracked* self = p.get();  // e.g. `this` inside a member function
  {
    auto again = intrusive_ptr<Tracked>::unsafe_reclaim_from_nonowning(self);
    EXPECT_EQ(again.get(), self);
    EXPECT_EQ(p.use_count(), 2u);
  }
  EXPECT_EQ(p.use_count(), 1u);
  EXPECT_FALSE(
      intrusive_ptr<Tracked>::unsafe_reclaim_from_nonowning(nullptr).defined());
}

TEST(IntrusivePtrTest, UnsafeAdaptNonHeapAllocatedNeverDeletes) {
  LifecycleCounts counts;
  {
    Tracked on_stack(&counts, 4);
    {
      auto p = intrusive_ptr<Tracked>::unsafe_adapt_non_heap_allocated(
          &on_stack, /*expected_decrefs=*/2);
      auto q = p;
      EXPECT_EQ(q->value, 4);
      EXPECT_GE(p.use_count(), static_cast<size_t>(INT_MAX));
      weak_intrusive_ptr<Tracked> w(p);
      EXPECT_FALSE(w.expired());
    }
    // Two owners came and went; the object is still there and untouched.
    EXPECT_EQ(counts.destroyed, 0);
    EXPECT_EQ(counts.resources_released, 0);
    EXPECT_EQ(on_stack.payload, "resources");
  }
  // Destroyed by its scope, without the debug destructor check firing.
  EXPECT_EQ(counts.destroyed, 1);
}

// Note [intrusive_ptr_target counts]: a copy or move of a target is a new,
// unowned object; assignment leaves the owners of both sides alone.
TEST(IntrusivePtrTargetTest, CopyAndMoveOfATargetStartUnowned) {
  auto original = make_intrusive<Plain>(1);
  auto second_owner = original;
  ASSERT_EQ(original.use_count(), 2u);

  // unsafe_steal_from_new requires refcount 0 / weakcount 0 (debug-checked),
  // so these would fail if the counts had been copied.
  // NOLINTNEXTLINE(c10-make-intrusive): unsafe_steal_from_new itself is under test.
  auto copy = intrusive_ptr<Plain>::unsafe_steal_from_new(new Plain(*original));
  EXPECT_EQ(copy->value, 1);
  EXPECT_EQ(copy.use_count(), 1u);
  EXPECT_EQ(copy.weak_use_count(), 1u);
  auto moved =
      // NOLINTNEXTLINE(c10-make-intrusive): unsafe_steal_from_new itself is under test.
      intrusive_ptr<Plain>::unsafe_steal_from_new(new Plain(std::move(*copy)));
  EXPECT_EQ(moved.use_count(), 1u);
  EXPECT_EQ(copy.use_count(), 1u);

  original->value = 2;
  *copy = *original;
  EXPECT_EQ(copy->value, 2);
  EXPECT_EQ(copy.use_count(), 1u);
  EXPECT_EQ(original.use_count(), 2u);
  *moved = std::move(*original);
  EXPECT_EQ(moved.use_count(), 1u);
  EXPECT_EQ(original.use_count(), 2u);
}

TEST(IntrusivePtrTargetTest, AStackObjectNeverOwnedDestroysCleanly) {
  LifecycleCounts counts;
  { Tracked local(&counts); }
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(IntrusivePtrTest, ComparisonsAreByAddress) {
  LifecycleCounts counts;
  auto a = make_intrusive<Tracked>(&counts);
  auto b = make_intrusive<Tracked>(&counts);
  auto a2 = a;
  EXPECT_TRUE(a == a2);
  EXPECT_FALSE(a != a2);
  EXPECT_TRUE(a != b);
  EXPECT_EQ(a < b, std::less<Tracked*>()(a.get(), b.get()));
  EXPECT_EQ(a < b, !(b < a));
  intrusive_ptr<Tracked> empty;
  EXPECT_TRUE(empty == nullptr);
  EXPECT_TRUE(a != nullptr);
  EXPECT_TRUE(nullptr != a);
  // Comparison across related types.
  auto child = make_intrusive<TrackedChild>(&counts);
  intrusive_ptr<Tracked> as_base = child;
  EXPECT_TRUE(as_base == child);
}

TEST(IntrusivePtrTest, UsableAsKeyInStdContainers) {
  LifecycleCounts counts;
  auto a = make_intrusive<Tracked>(&counts, 1);
  auto b = make_intrusive<Tracked>(&counts, 2);
  std::unordered_set<intrusive_ptr<Tracked>> set{a, b, a};
  EXPECT_EQ(set.size(), 2u);
  EXPECT_EQ(set.count(a), 1u);
  EXPECT_EQ(std::hash<intrusive_ptr<Tracked>>()(a),
            std::hash<Tracked*>()(a.get()));
  std::map<intrusive_ptr<Tracked>, int> map{{a, 1}, {b, 2}};
  EXPECT_EQ(map.at(b), 2);
  EXPECT_EQ(a.use_count(), 3u);  // one in the set, one in the map
  set.clear();
  map.clear();
  EXPECT_EQ(a.use_count(), 1u);
}

TEST(IntrusivePtrTest, ImplicitBoolConversion) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  bool defined = p;  // libtorch 1.13's operator bool is implicit
  EXPECT_TRUE(defined);
}

// ---------------------------------------------------------------------------
// A non-null NullType: an "undefined" sentinel object that is never counted.

TEST(IntrusivePtrNullTypeTest, EmptyPointerPointsAtTheSentinel) {
  WidgetPtr p;
  EXPECT_FALSE(p.defined());
  EXPECT_FALSE(p);
  EXPECT_EQ(p.get(), &undefined_widget);
  EXPECT_TRUE(p->is_undefined());  // dereferencing an empty pointer is fine
  EXPECT_EQ(p.use_count(), 0u);
  EXPECT_EQ(p.weak_use_count(), 0u);
  // `== nullptr` compares the address: an empty pointer is not nullptr.
  EXPECT_FALSE(p == nullptr);
}

TEST(IntrusivePtrNullTypeTest, SentinelIsNeverCounted) {
  WidgetPtr a;
  {
    WidgetPtr b = a;
    WidgetPtr c = std::move(b);
    EXPECT_EQ(b.get(), &undefined_widget);  // NOLINT(bugprone-use-after-move)
    c.reset();
    EXPECT_EQ(c.get(), &undefined_widget);
    EXPECT_EQ(c.release(), &undefined_widget);
  }
  auto reclaimed = WidgetPtr::reclaim(&undefined_widget);
  EXPECT_FALSE(reclaimed.defined());
  WeakWidgetPtr weak(a);
  EXPECT_TRUE(weak.expired());
  EXPECT_FALSE(weak.lock().defined());
  EXPECT_EQ(weak.lock().get(), &undefined_widget);
}

TEST(IntrusivePtrNullTypeTest, DefinedObjectsBehaveNormally) {
  auto p = make_intrusive<Widget, UndefinedWidgetNull>();
  static_assert(std::is_same<decltype(p), WidgetPtr>::value);
  EXPECT_TRUE(p.defined());
  EXPECT_FALSE(p->is_undefined());
  EXPECT_EQ(p.use_count(), 1u);
  WidgetPtr q = p;
  EXPECT_EQ(p.use_count(), 2u);
}

TEST(IntrusivePtrNullTypeTest, ConvertingBetweenNullTypesMapsEmptyToEmpty) {
  WidgetPtr sentinel_empty;
  intrusive_ptr<Widget> null_empty(sentinel_empty);
  EXPECT_EQ(null_empty.get(), nullptr);
  intrusive_ptr<Widget> null_empty_moved(std::move(sentinel_empty));
  EXPECT_EQ(null_empty_moved.get(), nullptr);
  EXPECT_EQ(sentinel_empty.get(), &undefined_widget);  // NOLINT

  WidgetPtr back(null_empty);
  EXPECT_EQ(back.get(), &undefined_widget);
  WidgetPtr back_moved(std::move(null_empty));
  EXPECT_EQ(back_moved.get(), &undefined_widget);
  EXPECT_EQ(null_empty.get(), nullptr);  // NOLINT(bugprone-use-after-move)

  auto object = make_intrusive<Widget>();
  WidgetPtr object_with_sentinel(object);
  EXPECT_EQ(object_with_sentinel.get(), object.get());
  EXPECT_EQ(object.use_count(), 2u);
}

// ---------------------------------------------------------------------------
// raw:: helpers for pointers kept outside smart pointers.

TEST(RawIntrusivePtrTest, IncrefDecrefUseCount) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  Tracked* raw = p.get();
  c10::raw::intrusive_ptr::incref(raw);
  EXPECT_EQ(c10::raw::intrusive_ptr::use_count(raw), 2u);
  EXPECT_EQ(p.use_count(), 2u);
  c10::raw::intrusive_ptr::decref(raw);
  EXPECT_EQ(p.use_count(), 1u);
  c10::raw::intrusive_ptr::incref(nullptr);  // allowed, does nothing
  Tracked* owning = p.release();
  c10::raw::intrusive_ptr::decref(owning);
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(RawIntrusivePtrTest, MakeWeakAndLock) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  Tracked* weak_raw = c10::raw::intrusive_ptr::make_weak(p.get());
  EXPECT_EQ(p.weak_use_count(), 2u);
  EXPECT_EQ(c10::raw::weak_intrusive_ptr::use_count(weak_raw), 1u);

  Tracked* strong_raw = c10::raw::weak_intrusive_ptr::lock(weak_raw);
  ASSERT_EQ(strong_raw, p.get());
  EXPECT_EQ(p.use_count(), 2u);
  c10::raw::intrusive_ptr::decref(strong_raw);

  c10::raw::weak_intrusive_ptr::incref(weak_raw);
  EXPECT_EQ(p.weak_use_count(), 3u);
  c10::raw::weak_intrusive_ptr::decref(weak_raw);

  p.reset();
  EXPECT_EQ(counts.resources_released, 1);  // a weak ref was left
  EXPECT_EQ(counts.destroyed, 0);
  EXPECT_EQ(c10::raw::weak_intrusive_ptr::use_count(weak_raw), 0u);
  EXPECT_EQ(c10::raw::weak_intrusive_ptr::lock(weak_raw), nullptr);
  c10::raw::weak_intrusive_ptr::decref(weak_raw);
  EXPECT_EQ(counts.destroyed, 1);
}

// ---------------------------------------------------------------------------
// The seed's demo (shared_ptr vs boost vs c10): many pointers to one object,
// a reference cycle, and a cycle broken with a weak pointer.

TEST(IntrusivePtrDemoTest, ManyOwnersOfOneObjectDestroyItOnce) {
  LifecycleCounts counts;
  // The demo's failed attempt was reclaim() on a fresh object; the way in for
  // an object made with `new` is unsafe_steal_from_new, and further owners
  // come from the object itself (its counts live inside it), unlike
  // std::shared_ptr<T>(raw) twice, which would delete twice.
  Tracked* raw = new Tracked(&counts);
  auto first = intrusive_ptr<Tracked>::unsafe_steal_from_new(raw);
  auto second = intrusive_ptr<Tracked>::unsafe_reclaim_from_nonowning(raw);
  auto third = intrusive_ptr<Tracked>::reclaim_copy(raw);
  EXPECT_EQ(first.use_count(), 3u);
  first.reset();
  second.reset();
  EXPECT_EQ(counts.destroyed, 0);
  third.reset();
  EXPECT_EQ(counts.destroyed, 1);
}

struct CycleB;
struct CycleA : c10::intrusive_ptr_target {
  explicit CycleA(LifecycleCounts* c) : counts(c) {}
  ~CycleA() override {
    ++counts->destroyed;
  }
  // The reference cycle the tests below leak on purpose.
  intrusive_ptr<CycleB> b; // NOLINT(c10-intrusive-ptr-cycle)
  LifecycleCounts* counts;
};
struct CycleB : c10::intrusive_ptr_target {
  explicit CycleB(LifecycleCounts* c) : counts(c) {}
  ~CycleB() override {
    ++counts->destroyed;
  }
  intrusive_ptr<CycleA> a;
  LifecycleCounts* counts;
};

TEST(IntrusivePtrDemoTest, StrongReferenceCycleLeaks) {
  LifecycleCounts counts;
  // Observer to clean up after the test (so LeakSanitizer stays quiet).
  weak_intrusive_ptr<CycleA> observer{intrusive_ptr<CycleA>()};
  {
    auto a = make_intrusive<CycleA>(&counts);
    auto b = make_intrusive<CycleB>(&counts);
    EXPECT_EQ(a.use_count(), 1u);
    EXPECT_EQ(b.use_count(), 1u);
    a->b = b;
    b->a = a;
    EXPECT_EQ(a.use_count(), 2u);
    EXPECT_EQ(b.use_count(), 2u);
    observer = a;
  }
  // Both objects outlived their last outside owner: the cycle leaked.
  EXPECT_EQ(counts.destroyed, 0);
  EXPECT_EQ(observer.use_count(), 1u);

  // Break it by hand.
  auto a = observer.lock();
  a->b.reset();
  EXPECT_EQ(counts.destroyed, 1);  // B died, dropping its owner of A
  a.reset();
  EXPECT_TRUE(observer.expired());
  EXPECT_EQ(counts.destroyed, 1);  // A's memory waits for the observer
  observer.reset();
  EXPECT_EQ(counts.destroyed, 2);
}

struct WeakCycleA;
struct WeakCycleB;
struct WeakCycleA : c10::intrusive_ptr_target {
  WeakCycleA(LifecycleCounts* c, bool drop_b_in_release_resources)
      : counts(c), drop_b(drop_b_in_release_resources) {}
  ~WeakCycleA() override {
    ++counts->destroyed;
  }
  // A weak reference keeps an expired object's memory -- and so its members
  // -- alive. An owner that is pointed back at weakly must drop what it owns
  // when it expires, as TensorImpl drops its storage.
  void release_resources() override {
    if (drop_b) {
      b.reset();
    }
  }
  intrusive_ptr<WeakCycleB> b;  // A owns B
  LifecycleCounts* counts;
  bool drop_b;
};
struct WeakCycleB : c10::intrusive_ptr_target {
  explicit WeakCycleB(LifecycleCounts* c) : counts(c) {}
  ~WeakCycleB() override {
    ++counts->destroyed;
  }
  // B only observes A. weak_intrusive_ptr has no default constructor in
  // libtorch 1.13, so it starts as a weak pointer to nothing.
  weak_intrusive_ptr<WeakCycleA> a{intrusive_ptr<WeakCycleA>()};
  LifecycleCounts* counts;
};

TEST(IntrusivePtrDemoTest, WeakPointerBreaksTheCycle) {
  LifecycleCounts counts;
  {
    auto a = make_intrusive<WeakCycleA>(&counts, true);
    auto b = make_intrusive<WeakCycleB>(&counts);
    a->b = b;
    b->a = a;
    EXPECT_EQ(a.use_count(), 1u);  // the back pointer does not own A
    EXPECT_EQ(a.weak_use_count(), 2u);
    EXPECT_EQ(b.use_count(), 2u);
    EXPECT_EQ(b->a.lock().get(), a.get());
  }
  EXPECT_EQ(counts.destroyed, 2);
}

TEST(IntrusivePtrDemoTest, WeakBackPointerAloneStillLeaksWithoutReleaseResources) {
  LifecycleCounts counts;
  weak_intrusive_ptr<WeakCycleB> b_observer{intrusive_ptr<WeakCycleB>()};
  {
    auto a = make_intrusive<WeakCycleA>(&counts, false);
    auto b = make_intrusive<WeakCycleB>(&counts);
    a->b = b;
    b->a = a;
    b_observer = b;
  }
  // A expired (no owners), but B's weak ref holds A's memory, and with it
  // A's member that owns B.
  EXPECT_EQ(counts.destroyed, 0);
  auto b = b_observer.lock();
  ASSERT_TRUE(b.defined());
  EXPECT_TRUE(b->a.expired());

  // Clean up: dropping the weak back pointer frees A, which frees its owner of
  // B; then B goes with our strong and weak refs.
  b->a.reset();
  EXPECT_EQ(counts.destroyed, 1);
  b.reset();
  b_observer.reset();
  EXPECT_EQ(counts.destroyed, 2);
}

} // namespace
