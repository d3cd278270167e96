// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// The operators both dispatcher benchmarks call (dispatch_bench.cpp for time,
// dispatch_instructions.cpp for callgrind): benchops::add, whose kernel
// returns its first argument (a copy: one atomic increment, and one decrement
// when the caller drops it), benchops::add_, the in-place form returning
// `Tensor&` (no reference counting at all in a typed call, so it times the
// dispatcher alone), and a counting fallback at
// TESTING_ONLY_GenericWrapper that re-dispatches. Registered with
// TORCH_LIBRARY against libtorch 1.13, with c10::RegisterOperators against
// the runtime.

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/stack.h>
#include <c10/core/impl/LocalDispatchKeySet.h>

#ifdef C10TIDY_BENCH_AGAINST_LIBTORCH
#include <torch/library.h>
#else
#include <ATen/core/op_registration/op_registration.h>
#endif

#include <benchmark/benchmark.h>

#include <cstdint>

namespace {

std::uint64_t fallbackCalls = 0;

at::Tensor addKernel(const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  benchmark::DoNotOptimize(&other);
  benchmark::DoNotOptimize(&alpha);
  return self;
}

at::Tensor& addInPlaceKernel(at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  benchmark::DoNotOptimize(&other);
  benchmark::DoNotOptimize(&alpha);
  return self;
}

void countingFallback(const c10::OperatorHandle& op, c10::DispatchKeySet ks, torch::jit::Stack* stack) {
  ++fallbackCalls;
  op.redispatchBoxed(ks & c10::DispatchKeySet(c10::DispatchKeySet::FULL_AFTER,
                                              c10::DispatchKey::TESTING_ONLY_GenericWrapper),
                     stack);
}

} // namespace

#ifdef C10TIDY_BENCH_AGAINST_LIBTORCH
TORCH_LIBRARY(benchops, m) {
  m.def("add(Tensor self, Tensor other, Scalar alpha=1) -> Tensor");
  m.def("add_(Tensor(a!) self, Tensor other, Scalar alpha=1) -> Tensor(a!)");
}
TORCH_LIBRARY_IMPL(benchops, CPU, m) {
  m.impl("add", TORCH_FN(addKernel));
  m.impl("add_", TORCH_FN(addInPlaceKernel));
}
TORCH_LIBRARY_IMPL(_, TESTING_ONLY_GenericWrapper, m) {
  m.fallback(torch::CppFunction::makeFromBoxedFunction<&countingFallback>());
}
#else
namespace {
const auto registry = c10::RegisterOperators().op(
    "benchops::add(Tensor self, Tensor other, Scalar alpha=1) -> Tensor",
    c10::RegisterOperators::options().kernel<decltype(addKernel), &addKernel>(c10::DispatchKey::CPU));
const auto inPlaceRegistry = c10::RegisterOperators().op(
    "benchops::add_(Tensor(a!) self, Tensor other, Scalar alpha=1) -> Tensor(a!)",
    c10::RegisterOperators::options().kernel<decltype(addInPlaceKernel), &addInPlaceKernel>(
        c10::DispatchKey::CPU));
const auto fallback = c10::Dispatcher::singleton().registerFallback(
    c10::DispatchKey::TESTING_ONLY_GenericWrapper, c10::KernelFunction::makeFromBoxedFunction<&countingFallback>());
} // namespace
#endif

namespace {

using AddSig = at::Tensor(const at::Tensor&, const at::Tensor&, const at::Scalar&);

c10::OperatorHandle addOp() {
  return c10::Dispatcher::singleton().findSchemaOrThrow("benchops::add", "");
}
using AddInPlaceSig = at::Tensor&(at::Tensor&, const at::Tensor&, const at::Scalar&);
c10::OperatorHandle addInPlaceOp() {
  return c10::Dispatcher::singleton().findSchemaOrThrow("benchops::add_", "");
}

} // namespace
