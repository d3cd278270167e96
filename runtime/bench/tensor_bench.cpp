// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tensor benchmarks, one source built against the reference runtime and
// against libtorch 1.13 (C10TIDY_BENCH_AGAINST_LIBTORCH); scripts/run-benchmarks.py
// runs both and prints the ratios.
//
// Small tensors measure per-op overhead (allocation, metadata, and in
// libtorch the dispatcher). Large tensors (16M floats, 64 MiB) measure
// throughput; their byte counts (bytes read + written per op) are reported
// next to a memcpy of the same size, which is the machine's copy bandwidth in
// this run. Both builds run single-threaded (libtorch with set_num_threads(1)),
// since the runtime has no thread pool.
//
//   tensor_bench_<impl> --callgrind_case=CASE[,CASE...] --callgrind_iterations=N
//       (CASE: empty_2x2, view_2x2, add_2x2)
//       runs one small-tensor operation N times with callgrind collection on
//       only around that loop (valgrind --tool=callgrind --collect-atstart=no),
//       for scripts/run-benchmarks.py's instruction counts.

#include <ATen/ATen.h>
#if defined(C10TIDY_BENCH_AGAINST_LIBTORCH)
#include <ATen/Parallel.h>
#endif

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#endif

namespace {

constexpr int64_t kLarge = int64_t{1} << 24; // 16M floats
constexpr int64_t kLargeBytes = kLarge * static_cast<int64_t>(sizeof(float));

void BM_Empty2x2(benchmark::State& state) {
  for (auto _ : state) {
    at::Tensor t = at::empty({2, 2});
    benchmark::DoNotOptimize(t.unsafeGetTensorImpl());
  }
}
BENCHMARK(BM_Empty2x2);

void BM_View2x2(benchmark::State& state) {
  at::Tensor t = at::ones({2, 2});
  for (auto _ : state) {
    at::Tensor v = t.view({4});
    benchmark::DoNotOptimize(v.unsafeGetTensorImpl());
  }
}
BENCHMARK(BM_View2x2);

void BM_Add2x2(benchmark::State& state) {
  at::Tensor a = at::ones({2, 2});
  at::Tensor b = at::ones({2, 2});
  for (auto _ : state) {
    at::Tensor c = a.add(b);
    benchmark::DoNotOptimize(c.unsafeGetTensorImpl());
  }
}
BENCHMARK(BM_Add2x2);

// Out of place: reads a and b, writes a fresh 64 MiB tensor (whose pages the
// kernel faults in, in both implementations).
void BM_AddLarge(benchmark::State& state) {
  at::Tensor a = at::ones({kLarge});
  at::Tensor b = at::ones({kLarge});
  for (auto _ : state) {
    at::Tensor c = a.add(b);
    benchmark::DoNotOptimize(c.data_ptr());
  }
  state.SetBytesProcessed(state.iterations() * 3 * kLargeBytes);
}
BENCHMARK(BM_AddLarge)->Unit(benchmark::kMillisecond)->UseRealTime();

// In place: a += b, no allocation: reads two arrays, writes one.
void BM_AddInPlaceLarge(benchmark::State& state) {
  at::Tensor a = at::zeros({kLarge});
  at::Tensor b = at::ones({kLarge});
  for (auto _ : state) {
    a.add_(b);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 3 * kLargeBytes);
}
BENCHMARK(BM_AddInPlaceLarge)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SumLarge(benchmark::State& state) {
  at::Tensor a = at::ones({kLarge});
  for (auto _ : state) {
    at::Tensor s = a.sum();
    benchmark::DoNotOptimize(s.data_ptr());
  }
  state.SetBytesProcessed(state.iterations() * kLargeBytes);
}
BENCHMARK(BM_SumLarge)->Unit(benchmark::kMillisecond)->UseRealTime();

// The yardstick: memcpy between two 64 MiB buffers (reads one, writes one).
void BM_MemcpyLarge(benchmark::State& state) {
  std::vector<float> src(kLarge, 1.0f), dst(kLarge, 0.0f);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), static_cast<size_t>(kLargeBytes));
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 2 * kLargeBytes);
}
BENCHMARK(BM_MemcpyLarge)->Unit(benchmark::kMillisecond)->UseRealTime();

// The small-tensor operations above, one per call, for callgrind. Not
// inlined: scripts/run-benchmarks.py runs several cases in one process and
// has callgrind dump the counts after each call (--dump-after).
__attribute__((noinline)) int runCallgrindCase(const std::string& name, long iterations) {
  const at::Tensor a = at::ones({2, 2});
  const at::Tensor b = at::ones({2, 2});
  auto loop = [iterations](auto op) {
    CALLGRIND_TOGGLE_COLLECT;
    for (long i = 0; i < iterations; ++i) {
      at::Tensor t = op();
      benchmark::DoNotOptimize(t.unsafeGetTensorImpl());
    }
    CALLGRIND_TOGGLE_COLLECT;
    return 0;
  };
  if (name == "empty_2x2") return loop([] { return at::empty({2, 2}); });
  if (name == "view_2x2") return loop([&a] { return a.view({4}); });
  if (name == "add_2x2") return loop([&a, &b] { return a.add(b); });
  std::fprintf(stderr, "unknown --callgrind_case=%s\n", name.c_str());
  return 2;
}

} // namespace

int main(int argc, char** argv) {
  at::set_num_threads(1);
  std::string callgrindCase;
  long callgrindIterations = 100000;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--callgrind_case=", 17) == 0) {
      callgrindCase = argv[i] + 17;
    } else if (std::strncmp(argv[i], "--callgrind_iterations=", 23) == 0) {
      callgrindIterations = std::atol(argv[i] + 23);
    } else {
      rest.push_back(argv[i]);
    }
  }
  if (!callgrindCase.empty()) {
    // --callgrind_case=a,b,c runs the cases one after the other.
    std::size_t begin = 0;
    while (begin <= callgrindCase.size()) {
      const std::size_t end = std::min(callgrindCase.find(',', begin), callgrindCase.size());
      if (const int rc = runCallgrindCase(callgrindCase.substr(begin, end - begin), callgrindIterations); rc != 0) {
        return rc;
      }
      begin = end + 1;
    }
    return 0;
  }
  argc = static_cast<int>(rest.size());
  argv = rest.data();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
