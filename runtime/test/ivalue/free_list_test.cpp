// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The per-thread free lists behind ivalue::Tuple and ivalue::ConstantString
// (c10/util/ThreadLocalFreeList.h): memory is reused, the cache is bounded,
// blocks freed on another thread land in that thread's list, and a thread's
// cache is given back when it exits. Under AddressSanitizer the lists are
// compiled out; the tests then check that nothing is cached.

#include <ATen/core/ivalue.h>
#include <c10/util/ThreadLocalFreeList.h>

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using c10::IValue;
using c10::ivalue::ConstantString;
using c10::ivalue::Tuple;
using TupleList = c10::detail::ThreadLocalFreeList<sizeof(Tuple)>;
using StringList = c10::detail::ThreadLocalFreeList<sizeof(ConstantString)>;
// The lists are per size: a Tuple and a ConstantString of the same size share
// one (it is only memory).
constexpr bool kOneListForBoth = sizeof(Tuple) == sizeof(ConstantString);

constexpr std::size_t kCapacity = 64;  // the lists' default

void drain(std::size_t n) {
  // Takes every cached block of this thread out and frees them past the cache.
  std::vector<c10::intrusive_ptr<Tuple>> held;
  for (std::size_t i = 0; i < n; ++i) {
    held.push_back(Tuple::create(IValue(static_cast<int64_t>(i))));
  }
}

TEST(FreeListTest, AFreedTupleIsReusedByTheNextOne) {
  const Tuple* first = Tuple::create(IValue(1)).get();  // freed at once
  auto second = Tuple::create(IValue(2), IValue(2.5));
  if (C10_RUNTIME_FREE_LISTS) {
    EXPECT_EQ(second.get(), first);
  }
  EXPECT_EQ(second->elements()[1].toDouble(), 2.5);
}

TEST(FreeListTest, TheCacheHoldsAtMostItsCapacity) {
  {
    std::vector<c10::intrusive_ptr<Tuple>> many;
    for (std::size_t i = 0; i < 3 * kCapacity; ++i) {
      many.push_back(Tuple::create(IValue(static_cast<int64_t>(i))));
    }
  }
  EXPECT_EQ(TupleList::cachedOnThisThread(), C10_RUNTIME_FREE_LISTS ? kCapacity : 0u);
  drain(kCapacity);
  EXPECT_EQ(TupleList::cachedOnThisThread(), C10_RUNTIME_FREE_LISTS ? kCapacity : 0u);
}

TEST(FreeListTest, BlocksFreedOnAnotherThreadGoToThatThreadsList) {
  std::vector<c10::intrusive_ptr<ConstantString>> made;
  std::thread maker([&made] {
    for (int i = 0; i < 8; ++i) {
      made.push_back(ConstantString::create("made on another thread " + std::to_string(i)));
    }
  });
  maker.join();  // the maker's (empty) cache is gone; its strings live on
  const std::size_t before = StringList::cachedOnThisThread();
  made.clear();  // freed here
  const std::size_t expected = C10_RUNTIME_FREE_LISTS ? std::min(before + 8, kCapacity) : 0;
  EXPECT_EQ(StringList::cachedOnThisThread(), expected);
}

TEST(FreeListTest, AThreadsCacheWorksUntilItExitsAndIsBypassedAfter) {
  std::size_t cachedInThread = 0;
  std::thread worker([&cachedInThread] {
    // Constructed before this thread's caches, so destroyed after them at
    // thread exit: its destructor makes and drops a tuple once the list is
    // torn down, which must then bypass the cache.
    thread_local struct LateUser {
      ~LateUser() { (void)Tuple::create(IValue(7), IValue("late")); }
    } lateUser;
    (void)lateUser;
    for (int round = 0; round < 100; ++round) {
      auto t = Tuple::create(IValue(round), IValue(static_cast<double>(round)), IValue(true));
      auto s = ConstantString::create(std::string(40, 'x'));
      ASSERT_EQ(t->elements()[0].toInt(), round);
      ASSERT_EQ(s->string().size(), 40u);
    }
    cachedInThread = TupleList::cachedOnThisThread();
  });
  worker.join();
  // The last round's tuple and string.
  EXPECT_EQ(cachedInThread, C10_RUNTIME_FREE_LISTS ? (kOneListForBoth ? 2u : 1u) : 0u);
}

} // namespace
