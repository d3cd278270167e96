// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Debug builds stop misuse with a message instead of corrupting the counts.
// Each test states the mistake, then the message that names it. Skipped in
// release builds, where the checks compile away.

#include "test_objects.h"

#include <c10/util/MaybeOwned.h>
#include <c10/util/intrusive_ptr.h>

#include <gtest/gtest.h>

#include <memory>

using c10::intrusive_ptr;
using c10::make_intrusive;
using c10::weak_intrusive_ptr;

namespace {

class MisuseDeathTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Threads from other tests do not exist here, but fork-and-exec is the
    // robust choice under sanitizers.
    GTEST_FLAG_SET(death_test_style, "threadsafe");
  }
};

TEST_F(MisuseDeathTest, DeletingAnObjectThatStillHasOwners) {
  SKIP_IN_RELEASE();
  EXPECT_MISUSE_DEATH(
      {
        auto p = make_intrusive<Plain>(1);
        delete p.get();
      },
      "destroyed while 1 intrusive_ptr still own it");
}

TEST_F(MisuseDeathTest, DeletingAnObjectThatStillHasWeakRefs) {
  SKIP_IN_RELEASE();
  EXPECT_MISUSE_DEATH(
      {
        auto p = make_intrusive<Plain>(1);
        weak_intrusive_ptr<Plain> w1(p);
        weak_intrusive_ptr<Plain> w2(p);
        Plain* raw = p.get();
        p.reset();  // last owner gone; two weak refs keep the memory
        delete raw;
      },
      "destroyed while weak_intrusive_ptr still refer to it");
}

TEST_F(MisuseDeathTest, StealingAnObjectThatIsAlreadyOwned) {
  SKIP_IN_RELEASE();
  EXPECT_MISUSE_DEATH(
      {
        auto p = make_intrusive<Plain>(1);
        // NOLINTNEXTLINE(c10-intrusive-ptr-reclaim): the misuse this death test expects to be caught.
        auto q = intrusive_ptr<Plain>::unsafe_steal_from_new(p.get());
      },
      "a new object must have refcount 0 and weakcount 0, but it has 1 and 1");
}

TEST_F(MisuseDeathTest, ReclaimFromNonowningOnAnUnownedObject) {
  SKIP_IN_RELEASE();
  EXPECT_MISUSE_DEATH(
      {
        Plain on_stack(1);
        auto p = intrusive_ptr<Plain>::unsafe_reclaim_from_nonowning(&on_stack);
      },
      "unsafe_reclaim_from_nonowning: the object has no owner");
}

TEST_F(MisuseDeathTest, ReclaimCopyOfAnUnownedObject) {
  SKIP_IN_RELEASE();
  SKIP_ON_LIBTORCH();  // libtorch's reclaim() does not check; retain_ does
  EXPECT_MISUSE_DEATH(
      {
        Plain on_stack(1);
        auto p = intrusive_ptr<Plain>::reclaim_copy(&on_stack);
      },
      "reclaim: the pointer carries no reference");
}

// The seed's demo tried reclaim() on an object made with `new`: the object has
// no reference for reclaim to take over.
TEST_F(MisuseDeathTest, ReclaimOfAFreshObject) {
  SKIP_IN_RELEASE();
  SKIP_ON_LIBTORCH();
  EXPECT_MISUSE_DEATH(
      {
        auto* fresh = new Plain(1);
        // NOLINTNEXTLINE(c10-intrusive-ptr-reclaim): the misuse this death test expects to be caught.
        auto p = intrusive_ptr<Plain>::reclaim(fresh);
      },
      "use make_intrusive or unsafe_steal_from_new for a new object");
}

TEST_F(MisuseDeathTest, DecrefOfAnExpiredObject) {
  SKIP_IN_RELEASE();
  SKIP_ON_LIBTORCH();
  EXPECT_MISUSE_DEATH(
      {
        auto p = make_intrusive<Plain>(1);
        weak_intrusive_ptr<Plain> keeps_memory(p);
        Plain* raw = p.get();
        p.reset();
        c10::raw::intrusive_ptr::decref(raw);  // one decref too many
      },
      "the pointer carries no reference \\(refcount is 0\\)");
}

TEST_F(MisuseDeathTest, RefcountUnderflowThroughTheAdoptingConstructor) {
  SKIP_IN_RELEASE();
  SKIP_ON_LIBTORCH();
  EXPECT_MISUSE_DEATH(
      {
        auto p = make_intrusive<Plain>(1);
        weak_intrusive_ptr<Plain> keeps_memory(p);
        Plain* raw = p.get();
        p.reset();
        intrusive_ptr<Plain> bogus(raw, c10::raw::DontIncreaseRefcount{});
      },
      "refcount went below 0");
}

TEST_F(MisuseDeathTest, WeakReclaimOfAPointerWithoutAWeakRef) {
  SKIP_IN_RELEASE();
  EXPECT_MISUSE_DEATH(
      {
        auto p = make_intrusive<Plain>(1);
        auto w = weak_intrusive_ptr<Plain>::reclaim(p.get());
      },
      "weak_intrusive_ptr::reclaim: the pointer carries no weak reference");
}

TEST_F(MisuseDeathTest, MoreDecrefsThanExpectedOnANonHeapObject) {
  SKIP_IN_RELEASE();
  EXPECT_MISUSE_DEATH(
      {
        Plain on_stack(1);
        // p's own decref is one more than the 0 announced.
        auto p = intrusive_ptr<Plain>::unsafe_adapt_non_heap_allocated(
            &on_stack, /*expected_decrefs=*/0);
      },
      "destroyed while [0-9]+ intrusive_ptr still own it");
}

TEST_F(MisuseDeathTest, DereferencingAnEmptyGenericBorrow) {
  SKIP_IN_RELEASE();
  EXPECT_MISUSE_DEATH(
      {
        c10::MaybeOwned<std::shared_ptr<int>> empty;
        auto& unused = *empty;
        static_cast<void>(unused);
      },
      "MaybeOwned: dereferenced a borrow of nothing");
}

} // namespace
