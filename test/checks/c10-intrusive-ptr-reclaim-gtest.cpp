// RUN: %check_c10_tidy %s c10-intrusive-ptr-reclaim %t
// REQUIRES: c10-intrusive-ptr
//
// GoogleTest's fatal assertions end the test when a lock() result is empty, so
// they count as null checks; the non-fatal EXPECT_* continue and do not.

#include <c10/util/intrusive_ptr.h>
#include <gtest/gtest.h>

struct Obj : c10::intrusive_ptr_target {
  int value = 1;
};
using WeakObj = c10::weak_intrusive_ptr<Obj>;

TEST(Lock, FatalAssertionsCheck) {
  auto strong = c10::make_intrusive<Obj>();
  WeakObj w(strong);
  auto a = w.lock();
  ASSERT_TRUE(a);
  EXPECT_EQ(a->value, 1);
  auto b = w.lock();
  ASSERT_TRUE(b.defined());
  EXPECT_EQ(b->value, 1);
  auto c = w.lock();
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->value, 1);
  auto d = w.lock();
  ASSERT_NE(nullptr, d.get());
  EXPECT_EQ(d->value, 1);
}

TEST(Lock, NonFatalExpectationsDoNot) {
  auto strong = c10::make_intrusive<Obj>();
  WeakObj w(strong);
  auto a = w.lock();
  EXPECT_TRUE(a);
  EXPECT_EQ(a->value, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'a' is dereferenced without a null check
  auto b = w.lock();
  ASSERT_FALSE(b); // asserts the opposite
  EXPECT_EQ(b->value, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'b' is dereferenced without a null check
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
