// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reference-counting benchmarks, one source compiled three ways:
//   REFCOUNT_BENCH_IMPL=1  the reference runtime's c10::intrusive_ptr
//   REFCOUNT_BENCH_IMPL=2  libtorch 1.13's c10::intrusive_ptr
//   REFCOUNT_BENCH_IMPL=3  std::shared_ptr / std::weak_ptr
// scripts/run-benchmarks.py runs all three and prints the ratios.
//
// Extra flags (before Google Benchmark's own):
//   --single_threaded_process   do not start a helper thread first. By default
//       one is started and joined before any benchmark, because libstdc++'s
//       shared_ptr skips atomic instructions while a process has never had a
//       second thread -- no real PyTorch process is in that state.
//   --callgrind_case=NAME --callgrind_iterations=N
//       run one single-threaded case N times with callgrind collection on
//       only around the loop (valgrind --tool=callgrind --collect-atstart=no),
//       for instruction counts per operation.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#endif

#if REFCOUNT_BENCH_IMPL == 1 || REFCOUNT_BENCH_IMPL == 2
#include <c10/util/intrusive_ptr.h>

#if REFCOUNT_BENCH_IMPL == 1 && !defined(C10TIDY_REFERENCE_RUNTIME)
#error "runtime benchmark compiled against libtorch's headers"
#endif
#if REFCOUNT_BENCH_IMPL == 2 && defined(C10TIDY_REFERENCE_RUNTIME)
#error "libtorch benchmark compiled against the reference runtime's headers"
#endif

namespace {
struct Object : c10::intrusive_ptr_target {
  std::int64_t value = 0;
};
using Ptr = c10::intrusive_ptr<Object>;
using WeakPtr = c10::weak_intrusive_ptr<Object>;
Ptr make_object() {
  return c10::make_intrusive<Object>();
}
} // namespace

#elif REFCOUNT_BENCH_IMPL == 3
#include <memory>

namespace {
struct Object {
  std::int64_t value = 0;
};
using Ptr = std::shared_ptr<Object>;
using WeakPtr = std::weak_ptr<Object>;
Ptr make_object() {
  return std::make_shared<Object>();
}
} // namespace

#else
#error "define REFCOUNT_BENCH_IMPL to 1, 2 or 3"
#endif

namespace {

// One operation each; kept separate so the callgrind mode runs exactly the
// code the timed benchmarks run.
inline void copy_destroy(const Ptr& p) {
  Ptr copy(p);
  benchmark::DoNotOptimize(copy);
}

inline void move_there_and_back(Ptr& p) {
  Ptr moved(std::move(p));
  benchmark::DoNotOptimize(moved);
  p = std::move(moved);
  benchmark::DoNotOptimize(p);
}

inline void make_destroy() {
  Ptr p = make_object();
  benchmark::DoNotOptimize(p);
}

inline void weak_lock(const WeakPtr& w) {
  Ptr locked = w.lock();
  benchmark::DoNotOptimize(locked);
}

void BM_CopyDestroy(benchmark::State& state) {
  Ptr p = make_object();
  for (auto _ : state) {
    copy_destroy(p);
  }
}
BENCHMARK(BM_CopyDestroy);

void BM_Move(benchmark::State& state) {
  Ptr p = make_object();
  for (auto _ : state) {
    move_there_and_back(p);
  }
}
BENCHMARK(BM_Move);

void BM_Make(benchmark::State& state) {
  for (auto _ : state) {
    make_destroy();
  }
}
BENCHMARK(BM_Make);

void BM_WeakLock(benchmark::State& state) {
  Ptr p = make_object();
  WeakPtr w(p);
  for (auto _ : state) {
    weak_lock(w);
  }
}
BENCHMARK(BM_WeakLock);

// Two threads hammering the counts of one object: the cache line holding the
// counts moves between cores on every operation.
const Ptr& shared_object() {
  static const Ptr object = make_object();
  return object;
}

void BM_CopyDestroyShared(benchmark::State& state) {
  const Ptr& p = shared_object();
  for (auto _ : state) {
    copy_destroy(p);
  }
}
BENCHMARK(BM_CopyDestroyShared)->Threads(2)->UseRealTime();

void BM_WeakLockShared(benchmark::State& state) {
  static const WeakPtr w(shared_object());
  for (auto _ : state) {
    weak_lock(w);
  }
}
BENCHMARK(BM_WeakLockShared)->Threads(2)->UseRealTime();

int run_callgrind_case(const std::string& name, long iterations) {
  Ptr p = make_object();
  WeakPtr w(p);
  CALLGRIND_TOGGLE_COLLECT;
  if (name == "copy_destroy") {
    for (long i = 0; i < iterations; ++i) copy_destroy(p);
  } else if (name == "move") {
    for (long i = 0; i < iterations; ++i) move_there_and_back(p);
  } else if (name == "make") {
    for (long i = 0; i < iterations; ++i) make_destroy();
  } else if (name == "weak_lock") {
    for (long i = 0; i < iterations; ++i) weak_lock(w);
  } else {
    CALLGRIND_TOGGLE_COLLECT;
    std::fprintf(stderr, "unknown --callgrind_case=%s\n", name.c_str());
    return 2;
  }
  CALLGRIND_TOGGLE_COLLECT;
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  bool single_threaded_process = false;
  std::string callgrind_case;
  long callgrind_iterations = 100000;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--single_threaded_process") == 0) {
      single_threaded_process = true;
    } else if (std::strncmp(argv[i], "--callgrind_case=", 17) == 0) {
      callgrind_case = argv[i] + 17;
    } else if (std::strncmp(argv[i], "--callgrind_iterations=", 23) == 0) {
      callgrind_iterations = std::atol(argv[i] + 23);
    } else {
      rest.push_back(argv[i]);
    }
  }
  if (!single_threaded_process) {
    std::thread([] {}).join();
  }
  if (!callgrind_case.empty()) {
    return run_callgrind_case(callgrind_case, callgrind_iterations);
  }
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  if (benchmark::ReportUnrecognizedArguments(rest_argc, rest.data())) {
    return 1;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
