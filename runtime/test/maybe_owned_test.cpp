// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// MaybeOwned<T>: borrowing without reference-count traffic, owning when needed.

#include "test_objects.h"

#include <c10/util/MaybeOwned.h>
#include <c10/util/intrusive_ptr.h>

#include <gtest/gtest.h>

#include <memory>
#include <utility>

using c10::intrusive_ptr;
using c10::make_intrusive;
using c10::MaybeOwned;

namespace {

using MaybeOwnedPtr = MaybeOwned<intrusive_ptr<Tracked>>;

TEST(MaybeOwnedIntrusivePtrTest, BorrowDoesNotTouchTheCount) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts, 5);
  {
    auto borrowed = MaybeOwnedPtr::borrowed(p);
    EXPECT_TRUE(borrowed.unsafeIsBorrowed());
    EXPECT_EQ(p.use_count(), 1u);
    EXPECT_EQ((*borrowed)->value, 5);
    EXPECT_EQ(borrowed->get(), p.get());
    // The borrow shows the owner's count, not a count of its own.
    EXPECT_EQ((*borrowed).use_count(), 1u);
  }
  EXPECT_EQ(p.use_count(), 1u);
  EXPECT_EQ(counts.destroyed, 0);
}

TEST(MaybeOwnedIntrusivePtrTest, OwnedTakesOverOwnership) {
  LifecycleCounts counts;
  {
    auto owned = MaybeOwnedPtr::owned(make_intrusive<Tracked>(&counts, 6));
    EXPECT_FALSE(owned.unsafeIsBorrowed());
    EXPECT_EQ((*owned)->value, 6);
    EXPECT_EQ(owned->use_count(), 1u);
  }
  EXPECT_EQ(counts.destroyed, 1);
}

TEST(MaybeOwnedIntrusivePtrTest, OwnedInPlace) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  {
    auto owned = MaybeOwnedPtr::owned(c10::in_place, p);
    EXPECT_FALSE(owned.unsafeIsBorrowed());
    EXPECT_EQ(p.use_count(), 2u);
  }
  EXPECT_EQ(p.use_count(), 1u);
}

TEST(MaybeOwnedIntrusivePtrTest, CopyOfBorrowIsABorrowCopyOfOwnedOwns) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  auto borrowed = MaybeOwnedPtr::borrowed(p);
  MaybeOwnedPtr borrowed_copy(borrowed);
  EXPECT_TRUE(borrowed_copy.unsafeIsBorrowed());
  EXPECT_EQ(borrowed_copy->get(), p.get());
  EXPECT_EQ(p.use_count(), 1u);

  auto owned = MaybeOwnedPtr::owned(intrusive_ptr<Tracked>(p));
  EXPECT_EQ(p.use_count(), 2u);
  MaybeOwnedPtr owned_copy(owned);
  EXPECT_FALSE(owned_copy.unsafeIsBorrowed());
  EXPECT_EQ(p.use_count(), 3u);

  MaybeOwnedPtr moved_borrow(std::move(borrowed_copy));
  EXPECT_TRUE(moved_borrow.unsafeIsBorrowed());
  MaybeOwnedPtr moved_owned(std::move(owned_copy));
  EXPECT_FALSE(moved_owned.unsafeIsBorrowed());
  EXPECT_EQ(p.use_count(), 3u);  // the move stole the owned reference
}

TEST(MaybeOwnedIntrusivePtrTest, AssignmentAcrossStates) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts, 1);
  auto q = make_intrusive<Tracked>(&counts, 2);
  auto borrowed_p = MaybeOwnedPtr::borrowed(p);
  auto owned_q = MaybeOwnedPtr::owned(intrusive_ptr<Tracked>(q));
  ASSERT_EQ(q.use_count(), 2u);

  MaybeOwnedPtr x = MaybeOwnedPtr::borrowed(q);
  x = borrowed_p;  // borrowed <- borrowed
  EXPECT_TRUE(x.unsafeIsBorrowed());
  EXPECT_EQ((*x)->value, 1);
  x = owned_q;  // borrowed <- owned: copies, now owns
  EXPECT_FALSE(x.unsafeIsBorrowed());
  EXPECT_EQ(q.use_count(), 3u);
  x = owned_q;  // owned <- owned
  EXPECT_EQ(q.use_count(), 3u);
  x = borrowed_p;  // owned <- borrowed: drops its reference
  EXPECT_TRUE(x.unsafeIsBorrowed());
  EXPECT_EQ(q.use_count(), 2u);
  EXPECT_EQ(p.use_count(), 1u);

  x = std::move(owned_q);  // borrowed <- owned (move)
  EXPECT_FALSE(x.unsafeIsBorrowed());
  EXPECT_EQ(q.use_count(), 2u);
  x = MaybeOwnedPtr::borrowed(p);  // owned <- borrowed (move)
  EXPECT_EQ(q.use_count(), 1u);
  x = MaybeOwnedPtr::owned(make_intrusive<Tracked>(&counts, 3));
  EXPECT_EQ((*x)->value, 3);
  x = MaybeOwnedPtr::owned(make_intrusive<Tracked>(&counts, 4));  // owned<-owned
  EXPECT_EQ((*x)->value, 4);
  EXPECT_EQ(counts.destroyed, 1);

  auto& alias = x;
  x = alias;
  x = std::move(alias);
  EXPECT_EQ((*x)->value, 4);
}

TEST(MaybeOwnedIntrusivePtrTest, RvalueDereferenceCopiesBorrowMovesOwned) {
  LifecycleCounts counts;
  auto p = make_intrusive<Tracked>(&counts);
  auto borrowed = MaybeOwnedPtr::borrowed(p);
  intrusive_ptr<Tracked> from_borrow = *std::move(borrowed);
  EXPECT_EQ(p.use_count(), 2u);  // a copy was made
  EXPECT_TRUE(borrowed.unsafeIsBorrowed());

  auto owned = MaybeOwnedPtr::owned(std::move(from_borrow));
  intrusive_ptr<Tracked> from_owned = *std::move(owned);
  EXPECT_EQ(p.use_count(), 2u);  // moved out, no new reference
  EXPECT_FALSE(owned.unsafeIsBorrowed());
  EXPECT_FALSE(owned->defined());  // holds a moved-from pointer
}

TEST(MaybeOwnedIntrusivePtrTest, DefaultConstructedIsABorrowOfNothing) {
  MaybeOwnedPtr empty;
  EXPECT_TRUE(empty.unsafeIsBorrowed());
  EXPECT_FALSE(empty->defined());
}

TEST(MaybeOwnedSharedPtrTest, GenericBorrowIsAPointer) {
  auto shared = std::make_shared<int>(17);
  {
    auto borrowed = MaybeOwned<std::shared_ptr<int>>::borrowed(shared);
    EXPECT_EQ(**borrowed, 17);
    EXPECT_EQ(shared.use_count(), 1);
    auto copy = borrowed;
    EXPECT_EQ(shared.use_count(), 1);
    auto owned = MaybeOwned<std::shared_ptr<int>>::owned(
        std::shared_ptr<int>(shared));
    EXPECT_EQ(shared.use_count(), 2);
    copy = owned;
    EXPECT_EQ(shared.use_count(), 3);
    copy = borrowed;
    EXPECT_EQ(shared.use_count(), 2);
  }
  EXPECT_EQ(shared.use_count(), 1);
}

} // namespace
