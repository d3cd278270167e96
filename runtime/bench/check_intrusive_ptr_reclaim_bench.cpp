// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the findings of c10-intrusive-ptr-reclaim and c10-make-intrusive cost,
// for docs/checks/c10-intrusive-ptr-reclaim.md and c10-make-intrusive.md.
// Built against the reference runtime and libtorch 1.13 (runtime/bench's glob).
//
//   reclaim(new T)                 the finding: the object is never destroyed
//   make_intrusive<T>(...)         the fix-it for both checks
//   unsafe_steal_from_new(new T)   c10-make-intrusive's finding: same work
//
// Each iteration makes one object and drops its only owner. The counters
// report objects leaked per call and bytes leaked per call (sizeof(T); the
// allocator adds its own header). Iterations are fixed so that the leaking
// benchmark's footprint stays bounded (about 10 MB per repetition).
//
// Note: the reference runtime's reclaim() asserts refcount > 0 in debug
// builds; this benchmark is built in Release (NDEBUG), where neither runtime
// checks, which is what production code gets.
#include <benchmark/benchmark.h>
#include <c10/util/intrusive_ptr.h>

#include <atomic>
#include <cstdint>

namespace {

std::atomic<std::int64_t> Alive{0};

struct Payload : c10::intrusive_ptr_target {
  explicit Payload(std::int64_t v) : value(v) { Alive.fetch_add(1, std::memory_order_relaxed); }
  ~Payload() override { Alive.fetch_sub(1, std::memory_order_relaxed); }
  std::int64_t value;
};

constexpr std::int64_t kIterations = 200000;

template <typename Make> void run(benchmark::State &State, Make make) {
  const std::int64_t Before = Alive.load();
  std::int64_t Calls = 0;
  for (auto _ : State) {
    auto P = make(Calls);
    benchmark::DoNotOptimize(P.get());
    ++Calls;
  }
  const double Leaked = static_cast<double>(Alive.load() - Before);
  State.counters["leaked_objects_per_call"] = Leaked / static_cast<double>(Calls);
  State.counters["leaked_bytes_per_call"] =
      Leaked * sizeof(Payload) / static_cast<double>(Calls);
}

void BM_ReclaimNew(benchmark::State &State) {
  // NOLINTNEXTLINE(c10-intrusive-ptr-reclaim): the finding being measured.
  run(State, [](std::int64_t I) { return c10::intrusive_ptr<Payload>::reclaim(new Payload(I)); });
}

void BM_UnsafeStealFromNew(benchmark::State &State) {
  run(State, [](std::int64_t I) {
    // NOLINTNEXTLINE(c10-make-intrusive): the finding being measured.
    return c10::intrusive_ptr<Payload>::unsafe_steal_from_new(new Payload(I));
  });
}

void BM_MakeIntrusive(benchmark::State &State) {
  run(State, [](std::int64_t I) { return c10::make_intrusive<Payload>(I); });
}

} // namespace

BENCHMARK(BM_ReclaimNew)->Iterations(kIterations);
BENCHMARK(BM_UnsafeStealFromNew)->Iterations(kIterations);
BENCHMARK(BM_MakeIntrusive)->Iterations(kIterations);
BENCHMARK_MAIN();
