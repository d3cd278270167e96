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

#include <ATen/ATen.h>
#if defined(C10TIDY_BENCH_AGAINST_LIBTORCH)
#include <ATen/Parallel.h>
#endif

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

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

} // namespace

int main(int argc, char** argv) {
  at::set_num_threads(1);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
