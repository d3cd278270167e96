// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Instructions per dispatcher call, for valgrind --tool=callgrind (repeatable
// where wall time on a shared machine is not): each loop_* function makes
// kCalls calls of benchops::add (dispatch_bench_ops.h) through one path;
// scripts/run-benchmarks.py collects each function on its own
// (--toggle-collect) and divides by kCalls.

#include "dispatch_bench_ops.h"

#include <cstdio>

namespace {

constexpr int kCalls = 100000;

// The loop bodies are inlined into one function per path, so that callgrind's
// per-function totals do not mix paths.
__attribute__((always_inline)) inline void typedCalls(const at::Tensor& a, const at::Tensor& b) {
  const auto op = addOp().typed<AddSig>();
  const at::Scalar alpha(1);
  for (int i = 0; i < kCalls; ++i) {
    at::Tensor out = op.call(a, b, alpha);
    benchmark::DoNotOptimize(out);
  }
}

__attribute__((always_inline)) inline void boxedCalls(const at::Tensor& a, const at::Tensor& b) {
  const c10::OperatorHandle op = addOp();
  torch::jit::Stack stack;
  stack.reserve(3);
  for (int i = 0; i < kCalls; ++i) {
    stack.emplace_back(a);
    stack.emplace_back(b);
    stack.emplace_back(static_cast<std::int64_t>(1));
    op.callBoxed(&stack);
    at::Tensor out = torch::jit::pop(stack).toTensor();
    benchmark::DoNotOptimize(out);
  }
}

__attribute__((noinline)) void loop_typed(const at::Tensor& a, const at::Tensor& b) {
  typedCalls(a, b);
}

__attribute__((noinline)) void loop_typed_inplace(at::Tensor& a, const at::Tensor& b) {
  const auto op = addInPlaceOp().typed<AddInPlaceSig>();
  const at::Scalar alpha(1);
  for (int i = 0; i < kCalls; ++i) {
    at::Tensor& out = op.call(a, b, alpha);
    benchmark::DoNotOptimize(&out);
  }
}

__attribute__((noinline)) void loop_boxed(const at::Tensor& a, const at::Tensor& b) {
  boxedCalls(a, b);
}

__attribute__((noinline)) void loop_boxed_fallback(const at::Tensor& a, const at::Tensor& b) {
  c10::impl::IncludeDispatchKeyGuard on(c10::DispatchKey::TESTING_ONLY_GenericWrapper);
  boxedCalls(a, b);
}

__attribute__((noinline)) void loop_typed_fallback(const at::Tensor& a, const at::Tensor& b) {
  c10::impl::IncludeDispatchKeyGuard on(c10::DispatchKey::TESTING_ONLY_GenericWrapper);
  typedCalls(a, b);
}

} // namespace

int main() {
  at::Tensor a = at::ones({2, 2});
  const at::Tensor b = at::ones({2, 2});
  loop_typed(a, b);
  loop_typed_inplace(a, b);
  loop_boxed(a, b);
  loop_boxed_fallback(a, b);
  loop_typed_fallback(a, b);
  std::printf("calls per loop: %d, fallback calls: %llu\n", kCalls, static_cast<unsigned long long>(fallbackCalls));
  return fallbackCalls == std::uint64_t{2} * kCalls ? 0 : 1;
}
