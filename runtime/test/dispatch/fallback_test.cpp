// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/dispatch/Fallbacks.h>
#include <ATen/core/op_registration/op_registration.h>
#include <c10/core/impl/LocalDispatchKeySet.h>

#include "dispatch_test_util.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using c10::IValue;
using torch::jit::Stack;

constexpr const char* kAddSchema = "fb::add(Tensor self, Tensor other, Scalar alpha=1) -> Tensor";
using AddSig = at::Tensor(const at::Tensor&, const at::Tensor&, const at::Scalar&);

int kernelCalls = 0;
size_t kernelSelfUseCount = 0;

at::Tensor addKernel(const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  ++kernelCalls;
  kernelSelfUseCount = self.use_count();
  return at::add(self, other, alpha);
}

class FallbackTest : public ::testing::Test {
 protected:
  void SetUp() override { kernelCalls = 0; }
  c10::OperatorHandle add() const { return c10::Dispatcher::singleton().findSchemaOrThrow("fb::add", ""); }

  c10::RegisterOperators registry_ = c10::RegisterOperators().op(
      kAddSchema, c10::RegisterOperators::options().kernel<decltype(addKernel), &addKernel>(c10::DispatchKey::CPU));
  c10::RegistrationHandleRAII profiling_ = c10::impl::registerProfilerFallback();
  c10::RegistrationHandleRAII tracing_ = c10::impl::registerTracerFallback();
};

TEST_F(FallbackTest, ProfilerCountsAndReDispatchesToTheKernel) {
  c10::impl::CallProfiler profiler;
  Stack stack{IValue(at::ones({2})), IValue(at::ones({2}))};
  add().callBoxed(&stack); // boxed, alpha from the default
  const at::Tensor typed = add().typed<AddSig>().call(at::ones({2}), at::ones({2}), 3);
  EXPECT_EQ(kernelCalls, 2);
  EXPECT_TRUE(stack.at(0).toTensor().equal(at::full({2}, 2.0)));
  EXPECT_TRUE(typed.equal(at::full({2}, 4.0)));
  const auto stats = profiler.stats();
  ASSERT_EQ(stats.count("fb::add"), 1u);
  EXPECT_EQ(stats.at("fb::add").calls, 2u);
  EXPECT_GT(stats.at("fb::add").nanoseconds, 0u);
  // at::ones goes through the dispatcher too, as in libtorch.
  ASSERT_EQ(stats.count("aten::ones"), 1u);
  EXPECT_EQ(stats.at("aten::ones").calls, 4u);
  EXPECT_EQ(profiler.totalCalls(), 6u);
}

TEST_F(FallbackTest, TypedCallBoxesOnlyWhileAFallbackIsActive) {
  const at::Tensor a = at::ones({1});
  add().typed<AddSig>().call(a, a, 1);
  EXPECT_EQ(kernelSelfUseCount, 1u); // `a` itself, by reference: no boxed copies
  {
    c10::impl::CallProfiler profiler;
    add().typed<AddSig>().call(a, a, 1);
    // Boxed for the fallback: the stack holds two more references to `a`.
    EXPECT_EQ(kernelSelfUseCount, 3u);
  }
  add().typed<AddSig>().call(a, a, 1);
  EXPECT_EQ(kernelSelfUseCount, 1u);
  EXPECT_EQ(a.use_count(), 1u);
}

TEST_F(FallbackTest, NoProfilerNoCounting) {
  add().typed<AddSig>().call(at::ones({1}), at::ones({1}), 1);
  c10::impl::CallProfiler profiler;
  EXPECT_EQ(profiler.totalCalls(), 0u);
  {
    // The fallback's key hidden on this thread: the call goes to the kernel.
    c10::impl::ExcludeDispatchKeyGuard hide(c10::DispatchKey::Profiler);
    add().typed<AddSig>().call(at::ones({1}), at::ones({1}), 1);
  }
  EXPECT_EQ(profiler.totalCalls(), 0u);
  EXPECT_EQ(kernelCalls, 2);
}

TEST_F(FallbackTest, TracerRecordsInputsAndOutputs) {
  // Inputs made first: at::ones is an operator call the tracer would record.
  Stack stack{IValue(at::ones({2, 3})), IValue(at::ones({2, 3})), IValue(2.5)};
  const at::Tensor d = at::ones({4}, at::kDouble);
  c10::impl::Tracer tracer;
  add().callBoxed(&stack);
  add().typed<AddSig>().call(d, d, 1);
  ASSERT_EQ(tracer.calls().size(), 2u);
  const c10::impl::TracedCall& first = tracer.calls()[0];
  EXPECT_EQ(first.op, c10::OperatorName("fb::add", ""));
  EXPECT_EQ(first.inputs, (std::vector<std::string>{"Tensor(Float, [2, 3])", "Tensor(Float, [2, 3])", "2.5"}));
  EXPECT_EQ(first.outputs, (std::vector<std::string>{"Tensor(Float, [2, 3])"}));
  EXPECT_EQ(tracer.calls()[1].inputs.at(2), "1");
  EXPECT_EQ(tracer.calls()[1].outputs.at(0), "Tensor(Double, [4])");
  EXPECT_EQ(kernelCalls, 2);
}

TEST_F(FallbackTest, StackedFallbacksRunHighestKeyFirst) {
  const at::Tensor one = at::ones({1});
  c10::impl::Tracer tracer;
  c10::impl::CallProfiler profiler; // Profiler > Tracer: profiles the traced call
  add().typed<AddSig>().call(one, one, 1);
  EXPECT_EQ(profiler.totalCalls(), 1u);
  EXPECT_EQ(tracer.calls().size(), 1u);
  EXPECT_EQ(kernelCalls, 1);
}

TEST_F(FallbackTest, AFallbackMayAnswerWithoutReDispatching) {
  auto shortCircuit = c10::Dispatcher::singleton().registerFallback(
      c10::DispatchKey::TESTING_ONLY_GenericMode,
      c10::KernelFunction::makeFromBoxedLambda([](const c10::OperatorHandle& op, Stack* s) {
        torch::jit::drop(*s, op.schema().arguments().size());
        // at::zeros is an operator call too: without hiding the mode it
        // would come back here.
        c10::impl::ExcludeDispatchKeyGuard hide(c10::DispatchKey::TESTING_ONLY_GenericMode);
        torch::jit::push(*s, at::zeros({1}));
      }));
  c10::impl::IncludeDispatchKeyGuard on(c10::DispatchKey::TESTING_ONLY_GenericMode);
  const at::Tensor r = add().typed<AddSig>().call(at::ones({1}), at::ones({1}), 1);
  EXPECT_TRUE(r.equal(at::zeros({1})));
  EXPECT_EQ(kernelCalls, 0);
}

TEST_F(FallbackTest, FallbackReDispatchingThroughCallBoxedUnderExclusion) {
  int seen = 0;
  auto wrapper = c10::Dispatcher::singleton().registerFallback(
      c10::DispatchKey::TESTING_ONLY_GenericWrapper,
      c10::KernelFunction::makeFromBoxedLambda([&seen](const c10::OperatorHandle& op, Stack* s) {
        ++seen;
        c10::impl::ExcludeDispatchKeyGuard self(c10::DispatchKey::TESTING_ONLY_GenericWrapper);
        op.callBoxed(s);
      }));
  const at::Tensor one = at::ones({1}); // made first: at::ones is an operator call too
  c10::impl::IncludeDispatchKeyGuard on(c10::DispatchKey::TESTING_ONLY_GenericWrapper);
  add().typed<AddSig>().call(one, one, 1);
  EXPECT_EQ(seen, 1);
  EXPECT_EQ(kernelCalls, 1);
}

TEST_F(FallbackTest, OperatorsKernelAtTheKeyBeatsTheFallback) {
  int tracerKernel = 0;
  auto own = c10::Dispatcher::singleton().registerImpl(
      {"fb::add", ""}, c10::DispatchKey::Tracer,
      c10::KernelFunction::makeFromBoxedLambda([&tracerKernel](const c10::OperatorHandle& op, c10::DispatchKeySet ks,
                                                               Stack* s) {
        ++tracerKernel;
        op.redispatchBoxed(ks & c10::DispatchKeySet(c10::DispatchKeySet::FULL_AFTER, c10::DispatchKey::Tracer), s);
      }));
  const at::Tensor one = at::ones({1}); // made first: at::ones is an operator call too
  c10::impl::Tracer tracer;
  add().typed<AddSig>().call(one, one, 1);
  EXPECT_EQ(tracerKernel, 1);
  EXPECT_TRUE(tracer.calls().empty());
  EXPECT_EQ(kernelCalls, 1);
}

TEST_F(FallbackTest, FallbackRegistrationErrors) {
  expectErrorWith([] { auto again = c10::impl::registerProfilerFallback(); }, {"already has a fallback"});
  expectErrorWith(
      [] {
        c10::Dispatcher::singleton().registerFallback(
            c10::DispatchKey::TESTING_ONLY_GenericMode,
            c10::KernelFunction::makeFromUnboxedLambda([](const at::Tensor& t) { return t; }));
      },
      {"must be a boxed kernel"});
}

TEST_F(FallbackTest, FallbackSeesCheckedArguments) {
  Stack bad{IValue(at::ones({1})), IValue(std::string("no")), IValue(1)};
  c10::impl::Tracer tracer;
  expectErrorWith([&] { add().callBoxed(&bad); }, {kAddSchema, "argument 2 'other' (Tensor)", "got String (no)"});
  EXPECT_TRUE(tracer.calls().empty());
  EXPECT_EQ(kernelCalls, 0);
}

// Typed calls that box take their Stack from a per-thread pool
// (ATen/core/boxing/impl/StackPool.h) and give it back cleared.
using c10::impl::PooledStack;

TEST_F(FallbackTest, TypedCallsThroughAFallbackReuseAPooledStack) {
  const std::size_t before = PooledStack::pooledOnThisThread();
  const at::Tensor a = at::ones({1});
  c10::impl::CallProfiler profiler;
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(add().typed<AddSig>().call(a, a, 1).equal(at::full({1}, 2.0)));
    EXPECT_EQ(PooledStack::pooledOnThisThread(), before == 0 ? 1u : before);
  }
  EXPECT_EQ(a.use_count(), 1u);  // the pooled stack holds no copy of `a`
}

TEST_F(FallbackTest, NestedBoxingCallsTakeSeparateStacks) {
  // fb::twice boxes (it is registered boxed) and its kernel makes a typed call
  // of fb::add, which boxes again for the profiler while the outer stack is in use.
  auto twice = registerBoxedKernel(
      "fb::twice(Tensor self) -> Tensor",
      c10::KernelFunction::makeFromBoxedLambda([](const c10::OperatorHandle&, Stack* s) {
        const at::Tensor self = torch::jit::pop(*s).toTensor();
        const auto add = c10::Dispatcher::singleton().findSchemaOrThrow("fb::add", "");
        torch::jit::push(*s, add.typed<AddSig>().call(self, self, 1));
      }));
  const auto op = c10::Dispatcher::singleton().findSchemaOrThrow("fb::twice", "");
  c10::impl::CallProfiler profiler;
  const at::Tensor r = op.typed<at::Tensor(const at::Tensor&)>().call(at::full({2}, 3.0));
  EXPECT_TRUE(r.equal(at::full({2}, 6.0)));
  EXPECT_EQ(profiler.totalCalls(), 2u);
  EXPECT_GE(PooledStack::pooledOnThisThread(), 2u);
}

TEST_F(FallbackTest, AThrowingBoxedKernelGivesItsStackBackCleared) {
  auto failing = registerBoxedKernel(
      "fb::fail(Tensor self) -> Tensor",
      c10::KernelFunction::makeFromBoxedLambda([](const c10::OperatorHandle&, Stack*) {
        TORCH_CHECK(false, "kernel failed");
      }));
  const auto op = c10::Dispatcher::singleton().findSchemaOrThrow("fb::fail", "");
  const at::Tensor a = at::ones({1});
  expectErrorWith([&] { op.typed<at::Tensor(const at::Tensor&)>().call(a); }, {"kernel failed"});
  EXPECT_EQ(a.use_count(), 1u);  // the boxed copy went with the stack's clear()
  EXPECT_GE(PooledStack::pooledOnThisThread(), 1u);
}

TEST(PooledStackTest, KeepsAtMostItsBoundAndNoHugeStacks) {
  {
    std::vector<PooledStack> many(PooledStack::kMaxPooled + 4);
    many[0].get().resize(PooledStack::kMaxCapacity + 1);  // too big to keep
  }
  EXPECT_EQ(PooledStack::pooledOnThisThread(), PooledStack::kMaxPooled);
  PooledStack reused;
  EXPECT_TRUE(reused.get().empty());
  EXPECT_LE(reused.get().capacity(), PooledStack::kMaxCapacity);
}

} // namespace
