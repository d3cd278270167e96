// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Linked into the check benchmarks of a counting build
// (C10_RUNTIME_COUNT_RMW, never a timing build). After timing a benchmark,
// Google Benchmark runs a few more iterations of it on the calling thread
// between MemoryManager::Start and Stop; this manager counts, on that thread,
// the heap allocations (calls and bytes) of those iterations and, against
// the reference runtime, its atomic refcount read-modify-writes (libtorch has
// no counter: null). Each Stop appends one JSON line to the file named by
// C10_COUNT_PER_ITERATION_OUT, in the order the benchmarks ran, for
// scripts/make-costs-json; the allocations also reach Google Benchmark's own
// report (allocs_per_iter, total_allocated_bytes).
#include <benchmark/benchmark.h>
#include <c10/util/intrusive_ptr.h>
#include <string>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace {

// Only the thread that called Start counts: Google Benchmark runs the
// counted iterations on it, and other threads' allocations are not ours.
thread_local bool Counting = false;
thread_local uint64_t Allocations = 0;
thread_local uint64_t AllocatedBytes = 0;

void *allocate(std::size_t Size) {
  if (Counting) {
    ++Allocations;
    AllocatedBytes += Size;
  }
  // malloc(0) may return null; operator new must not.
  if (void *P = std::malloc(Size == 0 ? 1 : Size))
    return P;
  throw std::bad_alloc();
}

#ifdef C10_RUNTIME_COUNT_RMW
constexpr bool HasRmwCounter = true;
uint64_t rmwCount() { return c10::detail::atomic_rmw_count; }
#else
constexpr bool HasRmwCounter = false;
uint64_t rmwCount() { return 0; }
#endif

class CountingManager final : public benchmark::MemoryManager {
public:
  void Start() override {
    RmwBefore = rmwCount();
    Allocations = 0;
    AllocatedBytes = 0;
    Counting = true;
  }

  void Stop(Result &Out) override {
    Counting = false;
    const std::string Rmw =
        HasRmwCounter ? std::to_string(rmwCount() - RmwBefore) : std::string("null");
    Out.num_allocs = static_cast<int64_t>(Allocations);
    Out.total_allocated_bytes = static_cast<int64_t>(AllocatedBytes);
    if (const char *Path = std::getenv("C10_COUNT_PER_ITERATION_OUT")) {
      if (std::FILE *F = std::fopen(Path, "a")) {
        std::fprintf(F, "{\"atomic_rmw\": %s, \"allocations\": %llu, \"allocated_bytes\": %llu}\n",
                     Rmw.c_str(),
                     static_cast<unsigned long long>(Allocations),
                     static_cast<unsigned long long>(AllocatedBytes));
        std::fclose(F);
      }
    }
  }

  // The deprecated pointer form is still pure virtual in this Google
  // Benchmark; the reference form above is the one it calls.
  void Stop(Result *Out) override { Stop(*Out); }

private:
  uint64_t RmwBefore = 0;
};

CountingManager Manager;
[[maybe_unused]] const bool Registered = (benchmark::RegisterMemoryManager(&Manager), true);

} // namespace

// Every allocation of the program goes through these, so the counted
// iterations see the heap bytes their copies allocate.
void *operator new(std::size_t Size) { return allocate(Size); }
void *operator new[](std::size_t Size) { return allocate(Size); }
void operator delete(void *P) noexcept { std::free(P); }
void operator delete[](void *P) noexcept { std::free(P); }
void operator delete(void *P, std::size_t) noexcept { std::free(P); }
void operator delete[](void *P, std::size_t) noexcept { std::free(P); }
