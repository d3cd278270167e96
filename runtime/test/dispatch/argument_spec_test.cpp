// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/dispatch/SpecializationCache.h>
#include <ATen/core/op_registration/op_registration.h>
#include <torch/csrc/jit/frontend/function_schema_parser.h>
#include <torch/csrc/jit/runtime/argument_spec.h>

#include "dispatch_test_util.h"

#include <gtest/gtest.h>

#include <memory>
#include <unordered_set>

namespace {

using c10::IValue;
using torch::jit::ArgumentSpec;
using torch::jit::Stack;

const c10::FunctionSchema& linearSchema() {
  static const c10::FunctionSchema s =
      torch::jit::parseSchema("spec::linear(Tensor x, Tensor? bias, int? n, float scale) -> Tensor");
  return s;
}

ArgumentSpec specOf(const Stack& s) {
  return ArgumentSpec::fromStack(linearSchema(), s);
}

TEST(ArgumentSpecTest, RecordsTensorFactsAndPresence) {
  const Stack s{IValue(at::ones({2, 3}, at::kDouble)), IValue(), IValue(4), IValue(1.0)};
  const ArgumentSpec spec = specOf(s);
  ASSERT_EQ(spec.size(), 4u);
  EXPECT_EQ(spec.kind(0), ArgumentSpec::ArgKind::Tensor);
  const torch::jit::TensorSpec x = spec.tensorAt(0);
  EXPECT_TRUE(x.defined);
  EXPECT_EQ(x.dtype, at::kDouble);
  EXPECT_EQ(x.dim, 2);
  EXPECT_TRUE(x.device.is_cpu());
  EXPECT_FALSE(x.requires_grad);
  EXPECT_EQ(spec.kind(1), ArgumentSpec::ArgKind::OptionalTensor);
  EXPECT_FALSE(spec.isPresent(1));
  EXPECT_EQ(spec.kind(2), ArgumentSpec::ArgKind::Optional);
  EXPECT_TRUE(spec.isPresent(2));
  EXPECT_EQ(spec.kind(3), ArgumentSpec::ArgKind::Unspecialized);
  EXPECT_EQ(spec.str(), "(Double[cpu, 2d], None, present, _)");
  const Stack undefined{IValue(at::Tensor()), IValue(at::ones({1})), IValue(), IValue(1.0)};
  const ArgumentSpec u = specOf(undefined);
  EXPECT_FALSE(u.tensorAt(0).defined);
  EXPECT_TRUE(u.isPresent(1));
  EXPECT_EQ(u.tensorAt(1).dim, 1);
  EXPECT_FALSE(u.isPresent(2));
}

TEST(ArgumentSpecTest, EqualityAndHashFollowTheSpecifiedFactsOnly) {
  const ArgumentSpec a = specOf({IValue(at::ones({2, 3})), IValue(), IValue(), IValue(1.0)});
  // Other sizes, other values, other unspecialised argument: same spec.
  const ArgumentSpec b = specOf({IValue(at::zeros({7, 1})), IValue(), IValue(), IValue(9.0)});
  EXPECT_EQ(a, b);
  EXPECT_EQ(std::hash<ArgumentSpec>()(a), std::hash<ArgumentSpec>()(b));
  const ArgumentSpec differs[] = {
      specOf({IValue(at::ones({2})), IValue(), IValue(), IValue(1.0)}),                  // dim
      specOf({IValue(at::ones({2, 3}, at::kLong)), IValue(), IValue(), IValue(1.0)}),    // dtype
      specOf({IValue(at::Tensor()), IValue(), IValue(), IValue(1.0)}),                   // undefined
      specOf({IValue(at::ones({2, 3})), IValue(at::ones({3})), IValue(), IValue(1.0)}),  // bias present
      specOf({IValue(at::ones({2, 3})), IValue(), IValue(1), IValue(1.0)}),              // n present
  };
  std::unordered_set<ArgumentSpec> all{a};
  for (const ArgumentSpec& d : differs) {
    EXPECT_NE(a, d) << d;
    all.insert(d);
  }
  EXPECT_EQ(all.size(), 6u);
}

TEST(ArgumentSpecTest, WrongArgumentsThrow) {
  expectErrorWith([] { specOf({IValue(1), IValue(), IValue(), IValue(1.0)}); },
                  {"spec::linear", "argument 1 'x'", "expected a Tensor"});
  expectErrorWith([] { specOf({IValue(at::ones({1}))}); }, {"ArgumentSpec of 1 value(s)", "has 4 argument(s)"});
  const ArgumentSpec s = specOf({IValue(at::ones({1})), IValue(), IValue(), IValue(1.0)});
  expectErrorWith([&] { s.tensorAt(3); }, {"not a tensor argument"});
  expectErrorWith([&] { s.kind(9); }, {"out of range"});
}

// The generic kernel evaluates `bias is None` on every call; the variant the
// specializer builds for a None spec has no such branch.
int noneBranchEvaluations = 0;

at::Tensor genericScaleAdd(const at::Tensor& x, const c10::optional<at::Tensor>& bias) {
  ++noneBranchEvaluations;
  if (!bias.has_value()) {
    return x.mul(2);
  }
  return x.mul(2).add(*bias);
}

at::Tensor scaleOnly(const at::Tensor& x, const c10::optional<at::Tensor>& /*bias: None by the spec*/) {
  return x.mul(2);
}

TEST(SpecializationCacheTest, NoneSpecialisedVariantSkipsTheNoneBranch) {
  int built = 0;
  auto cache = std::make_unique<c10::impl::SpecializationCache>([&built](const ArgumentSpec& spec) {
    ++built;
    if (!spec.isPresent(1)) {
      return c10::KernelFunction::makeFromUnboxedFunction<&scaleOnly>();
    }
    return c10::KernelFunction::makeFromUnboxedFunction<&genericScaleAdd>();
  });
  c10::impl::SpecializationCache* stats = cache.get();
  auto registry = c10::RegisterOperators().op(
      "spec::scale_add(Tensor x, Tensor? bias) -> Tensor",
      c10::RegisterOperators::options().kernel(c10::DispatchKey::CPU,
                                                 c10::KernelFunction::makeFromBoxedFunctor(std::move(cache))));
  const c10::OperatorHandle op = c10::Dispatcher::singleton().findSchemaOrThrow("spec::scale_add", "");
  noneBranchEvaluations = 0;

  for (int i = 0; i < 3; ++i) {
    Stack s{IValue(at::ones({2})), IValue()};
    op.callBoxed(&s);
    EXPECT_TRUE(s.at(0).toTensor().equal(at::full({2}, 2.0)));
  }
  EXPECT_EQ(noneBranchEvaluations, 0); // the None variant ran, three times
  EXPECT_EQ(stats->misses(), 1u);
  EXPECT_EQ(stats->hits(), 2u);

  Stack withBias{IValue(at::ones({2})), IValue(at::ones({2}))};
  op.callBoxed(&withBias);
  EXPECT_TRUE(withBias.at(0).toTensor().equal(at::full({2}, 3.0)));
  EXPECT_EQ(noneBranchEvaluations, 1); // the generic variant for the present spec
  EXPECT_EQ(stats->misses(), 2u);

  // Another dtype is another spec: a miss, then hits.
  const at::Tensor x = at::ones({2}, at::kDouble);
  op.typed<at::Tensor(const at::Tensor&, const c10::optional<at::Tensor>&)>().call(x, c10::nullopt);
  op.typed<at::Tensor(const at::Tensor&, const c10::optional<at::Tensor>&)>().call(x, c10::nullopt);
  EXPECT_EQ(stats->misses(), 3u);
  EXPECT_EQ(stats->hits(), 3u);
  EXPECT_EQ(stats->size(), 3u);
  EXPECT_EQ(built, 3);
  EXPECT_EQ(noneBranchEvaluations, 1);
}

TEST(SpecializationCacheTest, SpecializerMustReturnAKernel) {
  auto registry = c10::RegisterOperators().op(
      "spec::empty(Tensor x) -> Tensor",
      c10::RegisterOperators::options().kernel(
          c10::DispatchKey::CPU,
          c10::KernelFunction::makeFromBoxedFunctor(std::make_unique<c10::impl::SpecializationCache>(
              [](const ArgumentSpec&) { return c10::KernelFunction(); }))));
  Stack s{IValue(at::ones({1}))};
  expectErrorWith([&] { c10::Dispatcher::singleton().findSchemaOrThrow("spec::empty", "").callBoxed(&s); },
                  {"spec::empty(Tensor x) -> Tensor", "returned no kernel for the argument spec (Float[cpu, 1d])"});
}

} // namespace
