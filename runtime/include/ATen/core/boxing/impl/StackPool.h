// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// PooledStack: the Stack a typed call boxes its arguments into when it has to
// reach a boxed kernel or fallback, taken from a per-thread pool and given
// back cleared, so that such a call does not allocate and free the vector
// every time (~150 instructions of malloc/free per call, measured on the
// typed-through-a-fallback benchmark). A pool rather than one stack per
// thread: a boxed kernel may itself make a typed call that boxes.
//
// The pool keeps at most kMaxPooled stacks of at most kMaxCapacity slots, so
// an occasional huge call does not pin its memory. After the pool of a
// thread is destroyed at thread exit (destructors of other thread_locals may
// still make calls), stacks are plain locals again.

#include <ATen/core/stack.h>
#include <c10/util/ThreadLocalUntilExit.h>

#include <cstddef>
#include <utility>
#include <vector>

namespace c10 {
namespace impl {

class PooledStack {
 public:
  static constexpr std::size_t kMaxPooled = 8;
  static constexpr std::size_t kMaxCapacity = 64;

  PooledStack() {
    if (Pool* pool = Pool::local(); pool != nullptr && !pool->stacks.empty()) {
      stack_ = std::move(pool->stacks.back());
      pool->stacks.pop_back();
    }
  }

  ~PooledStack() {
    stack_.clear();
    Pool* pool = Pool::local();
    if (pool != nullptr && pool->stacks.size() < kMaxPooled && stack_.capacity() <= kMaxCapacity) {
      pool->stacks.push_back(std::move(stack_));  // reserved: never reallocates
    }
  }

  PooledStack(const PooledStack&) = delete;
  PooledStack& operator=(const PooledStack&) = delete;

  torch::jit::Stack& get() noexcept {
    return stack_;
  }

  // Stacks waiting in this thread's pool (for tests).
  static std::size_t pooledOnThisThread() {
    Pool* pool = Pool::local();
    return pool == nullptr ? 0 : pool->stacks.size();
  }

 private:
  struct Pool {
    std::vector<torch::jit::Stack> stacks;

    Pool() {
      stacks.reserve(kMaxPooled);
    }
    Pool(const Pool&) = delete;
    Pool& operator=(const Pool&) = delete;

    static Pool* local() {
      return c10::detail::ThreadLocalUntilExit<Pool>::get();
    }
  };

  torch::jit::Stack stack_;
};

} // namespace impl
} // namespace c10
