// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Calls per second of a 3-argument operator through the dispatcher:
// (a) typed, reaching the unboxed kernel, (b) boxed, (c) boxed through a
// counting fallback that re-dispatches, (d) typed through that fallback.
// One source, built against the reference runtime (dispatch_bench_runtime)
// and libtorch 1.13 (dispatch_bench_libtorch, registered with TORCH_LIBRARY);
// scripts/run-benchmarks.py prints the medians and ours/libtorch.
//
// The kernel returns its first argument, so the figures are the dispatcher's
// and the boxing's cost: the same work on both sides. That includes the
// atomic reference counting of the returned copy (and, boxed, of the tensors
// pushed on the stack), which costs both implementations the same; (e) is the
// typed call of the in-place form, which counts no references, so it is the
// dispatcher's own overhead.

#include "dispatch_bench_ops.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

namespace {

void BM_TypedUnboxed(benchmark::State& state) {
  const auto op = addOp().typed<AddSig>();
  const at::Tensor a = at::ones({2, 2});
  const at::Tensor b = at::ones({2, 2});
  const at::Scalar alpha(1);
  for (auto _ : state) {
    at::Tensor out = op.call(a, b, alpha);
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(BM_TypedUnboxed);

void BM_TypedInPlace(benchmark::State& state) {
  const auto op = addInPlaceOp().typed<AddInPlaceSig>();
  at::Tensor a = at::ones({2, 2});
  const at::Tensor b = at::ones({2, 2});
  const at::Scalar alpha(1);
  for (auto _ : state) {
    at::Tensor& out = op.call(a, b, alpha);
    benchmark::DoNotOptimize(&out);
  }
}
BENCHMARK(BM_TypedInPlace);

void boxedLoop(benchmark::State& state, const at::Tensor& a, const at::Tensor& b) {
  const c10::OperatorHandle op = addOp();
  torch::jit::Stack stack;
  stack.reserve(3);
  for (auto _ : state) {
    stack.emplace_back(a);
    stack.emplace_back(b);
    stack.emplace_back(static_cast<std::int64_t>(1));
    op.callBoxed(&stack);
    at::Tensor out = torch::jit::pop(stack).toTensor();
    benchmark::DoNotOptimize(out);
  }
}

void BM_Boxed(benchmark::State& state) {
  boxedLoop(state, at::ones({2, 2}), at::ones({2, 2}));
}
BENCHMARK(BM_Boxed);

// The tensors are made before the fallback is switched on: libtorch's
// factories dispatch too, and would run it.
void BM_BoxedWithFallback(benchmark::State& state) {
  const at::Tensor a = at::ones({2, 2});
  const at::Tensor b = at::ones({2, 2});
  c10::impl::IncludeDispatchKeyGuard on(c10::DispatchKey::TESTING_ONLY_GenericWrapper);
  const std::uint64_t before = fallbackCalls;
  boxedLoop(state, a, b);
  if (fallbackCalls - before != state.iterations()) {
    state.SkipWithError(("the fallback ran " + std::to_string(fallbackCalls - before) + " times in " +
                         std::to_string(state.iterations()) + " calls")
                            .c_str());
  }
}
BENCHMARK(BM_BoxedWithFallback);

void BM_TypedWithFallback(benchmark::State& state) {
  const auto op = addOp().typed<AddSig>();
  const at::Tensor a = at::ones({2, 2});
  const at::Tensor b = at::ones({2, 2});
  const at::Scalar alpha(1);
  c10::impl::IncludeDispatchKeyGuard on(c10::DispatchKey::TESTING_ONLY_GenericWrapper);
  const std::uint64_t before = fallbackCalls;
  for (auto _ : state) {
    at::Tensor out = op.call(a, b, alpha);
    benchmark::DoNotOptimize(out);
  }
  if (fallbackCalls - before != state.iterations()) {
    state.SkipWithError(("the fallback ran " + std::to_string(fallbackCalls - before) + " times in " +
                         std::to_string(state.iterations()) + " calls")
                            .c_str());
  }
}
BENCHMARK(BM_TypedWithFallback);

} // namespace

BENCHMARK_MAIN();
