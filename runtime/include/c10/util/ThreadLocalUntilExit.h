// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// ThreadLocalUntilExit<T>::get(): the calling thread's T, made on first use,
// or nullptr once that T has been destroyed at thread exit. Destructors of
// other thread_locals run after it may still reach code that uses the T
// (a Tuple dropped by a thread_local cache, a typed call made from one);
// they get nullptr and must fall back to the plain path instead of touching
// a destroyed object. The per-thread caches of the runtime (free lists,
// pooled stacks) are built on it.

namespace c10 {
namespace detail {

template <class T>
class ThreadLocalUntilExit {
 public:
  static T* get() {
    if (destroyed()) {
      return nullptr;
    }
    thread_local Holder holder;
    return &holder.value;
  }

 private:
  struct Holder {
    T value;
    // Runs before `value`'s destructor: whatever that destructor frees
    // already sees the T as gone.
    ~Holder() {
      destroyed() = true;
    }
  };

  // Trivially destructible, so it stays readable after the Holder is gone.
  static bool& destroyed() {
    thread_local bool value = false;
    return value;
  }
};

} // namespace detail
} // namespace c10
