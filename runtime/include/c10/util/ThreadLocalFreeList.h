// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// ThreadLocalFreeList<Size>: a per-thread cache of freed memory blocks of one
// size, for the runtime's small heap objects that programs make and drop at a
// high rate (ivalue::Tuple for every multi-value return, ivalue::
// ConstantString for every boxed string). CPython keeps free lists of tuples
// for the same reason. `malloc` + `free` of such a block cost ~125
// instructions (glibc 2.36, callgrind), a list pop + push ~10.
//
// allocate() pops a block this thread freed earlier, else calls
// ::operator new. deallocate() pushes the block onto the *freeing* thread's
// list while it holds fewer than Capacity blocks, else calls ::operator
// delete; blocks may thus move between threads, as they do inside malloc.
// A thread's cached blocks go back to ::operator delete when it exits; after
// that (destructors of other thread_locals) both calls bypass the cache.
//
// Not thread-safe by design: each list is one thread's. Under
// AddressSanitizer the cache is compiled out, so a use after free of a
// Tuple or string is still reported.

#include <c10/util/ThreadLocalUntilExit.h>

#include <cstddef>
#include <new>

#if defined(__SANITIZE_ADDRESS__)
#define C10_RUNTIME_FREE_LISTS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define C10_RUNTIME_FREE_LISTS 0
#endif
#endif
#ifndef C10_RUNTIME_FREE_LISTS
#define C10_RUNTIME_FREE_LISTS 1
#endif

namespace c10 {
namespace detail {

template <std::size_t Size, std::size_t Capacity = 64>
class ThreadLocalFreeList {
  struct Block {
    Block* next;
  };
  static_assert(Size >= sizeof(Block), "a freed block must hold the list link");

  struct Cache {
    Block* head = nullptr;
    std::size_t count = 0;

    Cache() = default;
    Cache(const Cache&) = delete;
    Cache& operator=(const Cache&) = delete;
    ~Cache() {
      while (head != nullptr) {
        Block* next = head->next;
        ::operator delete(head, Size);
        head = next;
      }
    }
  };
  using LocalCache = ThreadLocalUntilExit<Cache>;

 public:
  static void* allocate() {
#if C10_RUNTIME_FREE_LISTS
    Cache* cache = LocalCache::get();
    if (cache != nullptr && cache->head != nullptr) {
      Block* block = cache->head;
      cache->head = block->next;
      --cache->count;
      return block;
    }
#endif
    return ::operator new(Size);
  }

  static void deallocate(void* p) noexcept {
#if C10_RUNTIME_FREE_LISTS
    Cache* cache = LocalCache::get();
    if (cache != nullptr && cache->count < Capacity) {
      cache->head = ::new (p) Block{cache->head};
      ++cache->count;
      return;
    }
#endif
    ::operator delete(p, Size);
  }

  // Blocks this thread holds now (for tests).
  static std::size_t cachedOnThisThread() {
    Cache* cache = LocalCache::get();
    return cache == nullptr ? 0 : cache->count;
  }
};

// Base class giving T (a final heap kind of the runtime) class-level
// operator new/delete from the free list of its size. Listed after
// intrusive_ptr_target, it is an empty base: no size, no change of layout.
template <class T>
class FreeListAllocated {
  // Only T derives from FreeListAllocated<T>: the size it recycles is T's.
  FreeListAllocated() = default;
  friend T;

 public:
  static void* operator new(std::size_t size) {
    return size == sizeof(T) ? ThreadLocalFreeList<sizeof(T)>::allocate() : ::operator new(size);
  }
  static void operator delete(void* p, std::size_t size) noexcept {
    if (size == sizeof(T)) {
      ThreadLocalFreeList<sizeof(T)>::deallocate(p);
    } else {
      ::operator delete(p, size);
    }
  }
};

} // namespace detail
} // namespace c10
