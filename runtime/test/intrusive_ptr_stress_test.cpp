// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Concurrency stress for intrusive_ptr / weak_intrusive_ptr, meant to run
// under ThreadSanitizer (ctest label `stress`).
//
// Each round, several threads share one object: they copy, move and drop
// strong and weak pointers, pass them to each other through a mailbox, and
// finally drop their owners while the others keep calling lock() -- so the
// last release races with lock(). Checked:
//   * every object constructed is destroyed exactly once (counters);
//   * lock() never returns an object whose resources were released (the
//     payload is still intact; TSan would also report the race);
//   * once lock() fails for a thread, it keeps failing (no resurrection).
//
// A second test aims at the last release deciding from the counts its own
// decrement returned (both live in one word, Note [intrusive_ptr_target
// counts]): threads lock a weak ref, drop the weak ref while still owning,
// write to the object and release -- so the last release often sees
// weakcount 1 and deletes at once while other threads' writes are recent,
// and otherwise races their weak drops. TSan reports a race if the delete
// does not synchronise with the other owners' accesses.
//
// Each test is bounded by rounds AND wall-clock time: C10TIDY_STRESS_ROUNDS
// (default 4000) and half of C10TIDY_STRESS_SECONDS (default 20) each.

#include <c10/util/intrusive_ptr.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using c10::intrusive_ptr;
using c10::make_intrusive;
using c10::weak_intrusive_ptr;

namespace {

std::atomic<long> constructed{0};
std::atomic<long> destroyed{0};
std::atomic<long> resources_released{0};

constexpr int kPayloadSize = 8;
constexpr int kPayloadValue = 42;

class Payload : public c10::intrusive_ptr_target {
 public:
  Payload() : data(kPayloadSize, kPayloadValue) {
    constructed.fetch_add(1, std::memory_order_relaxed);
  }
  ~Payload() override {
    destroyed.fetch_add(1, std::memory_order_relaxed);
  }
  void release_resources() override {
    resources_released.fetch_add(1, std::memory_order_relaxed);
    data.clear();  // a plain write: a lock() that resurrected us would race
  }
  // Read without synchronisation by every owner.
  bool intact() const {
    return data.size() == kPayloadSize && data.front() == kPayloadValue &&
        data.back() == kPayloadValue;
  }

  std::vector<int> data;
};

using Strong = intrusive_ptr<Payload>;
using Weak = weak_intrusive_ptr<Payload>;

// Where threads hand pointers to each other: moving a pointer in and out
// makes another thread the one that eventually drops it.
struct Mailbox {
  std::mutex mutex;
  Strong strong;
  std::optional<Weak> weak;
};

long env_or(const char* name, long fallback) {
  const char* value = std::getenv(name);
  return value ? std::stol(value) : fallback;
}

struct ThreadResult {
  bool payload_ok = true;
  bool monotonic = true;
  long locks_won = 0;
  long locks_lost = 0;
};

void run_thread(
    Strong owner,
    Weak observer,
    Mailbox& mailbox,
    const std::atomic<bool>& go,
    unsigned seed,
    ThreadResult& result) {
  std::vector<Strong> owners;
  std::vector<Weak> observers;
  owners.push_back(std::move(owner));
  observers.push_back(std::move(observer));
  std::minstd_rand rng(seed);

  while (!go.load(std::memory_order_acquire)) {
    std::this_thread::yield();
  }

  bool seen_expired = false;
  auto try_lock = [&](const Weak& w) {
    Strong locked = w.lock();
    if (locked) {
      result.payload_ok &= locked->intact();
      result.monotonic &= !seen_expired;
      ++result.locks_won;
    } else {
      seen_expired = true;
      ++result.locks_lost;
    }
    return locked;
  };

  constexpr int kOps = 64;
  for (int i = 0; i < kOps; ++i) {
    switch (rng() % 8) {
      case 0:  // copy an owner
        if (!owners.empty()) {
          owners.push_back(owners[rng() % owners.size()]);
        }
        break;
      case 1:  // move an owner to another slot
        if (owners.size() >= 2) {
          owners[rng() % owners.size()] = std::move(owners.back());
          owners.pop_back();
        }
        break;
      case 2:  // drop an owner
        if (owners.size() > 1) {
          owners.pop_back();
        }
        break;
      case 3:  // make or copy a weak ref
        if (!owners.empty() && rng() % 2) {
          observers.emplace_back(owners.back());
        } else {
          observers.push_back(observers[rng() % observers.size()]);
        }
        break;
      case 4:  // drop a weak ref
        if (observers.size() > 1) {
          observers.pop_back();
        }
        break;
      case 5: {  // lock
        Strong locked = try_lock(observers[rng() % observers.size()]);
        if (locked && owners.size() < 8) {
          owners.push_back(std::move(locked));
        }
        break;
      }
      case 6: {  // swap an owner with the mailbox
        if (!owners.empty()) {
          std::lock_guard<std::mutex> guard(mailbox.mutex);
          owners.back().swap(mailbox.strong);
          if (!owners.back()) {
            owners.pop_back();
          }
        }
        break;
      }
      case 7: {  // trade a weak ref through the mailbox
        std::lock_guard<std::mutex> guard(mailbox.mutex);
        if (mailbox.weak) {
          observers.push_back(std::move(*mailbox.weak));
          mailbox.weak.reset();
        } else {
          mailbox.weak.emplace(observers.back());
        }
        break;
      }
      default:  // rng() % 8 has no other values
        break;
    }
    for (const Strong& s : owners) {
      result.payload_ok &= s->intact();
    }
  }

  // Final phase: drop every owner -- including one parked in the mailbox, so
  // that the last release usually happens here -- while the other threads
  // are still locking.
  Strong parked;
  {
    std::lock_guard<std::mutex> guard(mailbox.mutex);
    parked = std::move(mailbox.strong);
  }
  parked.reset();
  owners.clear();
  for (int i = 0; i < 32; ++i) {
    try_lock(observers[i % observers.size()]);
  }
}

TEST(IntrusivePtrStressTest, LockRacesLastReleaseWithoutLeaksOrDoubleFrees) {
  const long max_rounds = env_or("C10TIDY_STRESS_ROUNDS", 4000);
  const long max_seconds = env_or("C10TIDY_STRESS_SECONDS", 20) / 2;
  constexpr int kThreads = 4;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(max_seconds);

  long rounds = 0;
  ThreadResult total;
  while (rounds < max_rounds && std::chrono::steady_clock::now() < deadline) {
    Mailbox mailbox;
    std::atomic<bool> go{false};
    std::vector<ThreadResult> results(kThreads);
    std::vector<std::thread> threads;
    {
      Strong object = make_intrusive<Payload>();
      for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back(
            run_thread,
            object,
            Weak(object),
            std::ref(mailbox),
            std::cref(go),
            static_cast<unsigned>(rounds * kThreads + t + 1),
            std::ref(results[t]));
      }
    }  // only the threads own the object now
    go.store(true, std::memory_order_release);
    for (auto& thread : threads) {
      thread.join();
    }
    // What the mailbox still holds is dropped here, on the main thread.
    mailbox.strong.reset();
    mailbox.weak.reset();
    ++rounds;

    for (const ThreadResult& r : results) {
      total.payload_ok &= r.payload_ok;
      total.monotonic &= r.monotonic;
      total.locks_won += r.locks_won;
      total.locks_lost += r.locks_lost;
    }
    ASSERT_EQ(destroyed.load(), constructed.load()) << "after round " << rounds;
  }

  std::printf(
      "stress: %ld rounds, %ld objects, %ld lock() won, %ld lost, "
      "%ld release_resources()\n",
      rounds,
      constructed.load(),
      total.locks_won,
      total.locks_lost,
      resources_released.load());
  EXPECT_GE(rounds, 1);
  EXPECT_TRUE(total.payload_ok) << "an owner saw released resources";
  EXPECT_TRUE(total.monotonic) << "lock() succeeded after it had failed";
  EXPECT_GT(total.locks_lost, 0) << "lock() never raced an expiry";
  EXPECT_EQ(constructed.load(), rounds);
  EXPECT_EQ(destroyed.load(), constructed.load());
}

// One thread of the second test: become an owner through `observer`,
// report it, give up the weak ref, write this thread's slot and release.
// Returns whether lock() won.
bool lock_write_and_release(Weak observer, int slot, std::atomic<int>& locked) {
  Strong owner = observer.lock();
  locked.fetch_add(1, std::memory_order_release);
  observer.reset();  // from here on this thread holds only a strong ref
  if (!owner) {
    return false;
  }
  owner->data[slot] = kPayloadValue;  // a plain write the deleter must see
  std::this_thread::yield();
  owner.reset();  // often the last owner, with no weak refs left
  return true;
}

TEST(IntrusivePtrStressTest, LastReleaseWithoutWeakRefsSynchronisesWithEarlierOwners) {
  const long max_rounds = env_or("C10TIDY_STRESS_ROUNDS", 4000);
  const long max_seconds = env_or("C10TIDY_STRESS_SECONDS", 20) / 2;
  constexpr int kThreads = 3;  // slots 1..3 of the payload
  const auto deadline = std::chrono::steady_clock::now() +
      std::chrono::seconds(std::max(max_seconds, 1L));
  const long constructed_before = constructed.load();
  const long destroyed_before = destroyed.load();
  const long released_before = resources_released.load();

  long rounds = 0;
  std::atomic<long> locks_won{0};
  while (rounds < max_rounds && std::chrono::steady_clock::now() < deadline) {
    std::vector<std::thread> threads;
    std::atomic<int> locked{0};
    {
      Strong object = make_intrusive<Payload>();
      for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back(
            [observer = Weak(object), t, &locked, &locks_won]() mutable {
              if (lock_write_and_release(std::move(observer), t + 1, locked)) {
                locks_won.fetch_add(1, std::memory_order_relaxed);
              }
            });
      }
      object->data[kThreads + 1] = kPayloadValue;
      // Odd rounds: every thread owns before the main thread lets go, so the
      // last release is one thread's, with no weak refs left. Even rounds:
      // the main thread's release also races the lock() calls.
      while (rounds % 2 == 1 && locked.load(std::memory_order_acquire) < kThreads) {
        std::this_thread::yield();
      }
    }
    for (auto& thread : threads) {
      thread.join();
    }
    ++rounds;
    ASSERT_EQ(destroyed.load(), constructed.load()) << "after round " << rounds;
  }

  const long released = resources_released.load() - released_before;
  std::printf(
      "last-release stress: %ld rounds, %ld lock() won, %ld release_resources() "
      "(the rest were deleted by a last owner without weak refs)\n",
      rounds,
      locks_won.load(),
      released);
  EXPECT_GE(rounds, 1);
  EXPECT_EQ(constructed.load() - constructed_before, rounds);
  EXPECT_EQ(destroyed.load() - destroyed_before, rounds);
  // Some rounds must have had a thread as the last owner: otherwise the race
  // this test is about never happened.
  EXPECT_GT(locks_won.load(), 0);
  EXPECT_LT(released, rounds) << "no round ended in a direct delete";
}

} // namespace
