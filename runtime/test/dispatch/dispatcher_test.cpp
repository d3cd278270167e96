// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/op_registration/op_registration.h>
#include <ATen/core/stack.h>

#include "dispatch_test_util.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

namespace {

using c10::IValue;
using torch::jit::Stack;

constexpr const char* kAddSchema = "test::add(Tensor self, Tensor other, Scalar alpha=1) -> Tensor";
using AddSig = at::Tensor(const at::Tensor&, const at::Tensor&, const at::Scalar&);

int addCalls = 0;
size_t lastSelfUseCount = 0;

at::Tensor addKernel(const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  ++addCalls;
  lastSelfUseCount = self.use_count();
  return at::add(self, other, alpha);
}

c10::OperatorHandle op(const char* name, const char* overload = "") {
  return c10::Dispatcher::singleton().findSchemaOrThrow(name, overload);
}

class DispatcherTest : public ::testing::Test {
 protected:
  void SetUp() override {
    addCalls = 0;
    lastSelfUseCount = 0;
  }
};

TEST_F(DispatcherTest, BoxedCallReachesUnboxedKernel) {
  auto registry = c10::RegisterOperators().op(
      kAddSchema, c10::RegisterOperators::options().kernel<decltype(addKernel), &addKernel>(c10::DispatchKey::CPU));
  Stack stack;
  torch::jit::push(stack, at::ones({2}), at::full({2}, 2.0), 3);
  op("test::add").callBoxed(&stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(addCalls, 1);
  const at::Tensor out = torch::jit::pop(stack).toTensor();
  EXPECT_TRUE(out.equal(at::full({2}, 7.0)));
  // The kernel's const Tensor& was bound to the stack slot itself: the
  // stack's reference is the only one.
  EXPECT_EQ(lastSelfUseCount, 1u);
}

TEST_F(DispatcherTest, TypedCallGoesStraightToTheUnboxedKernel) {
  auto registry = c10::RegisterOperators().op(
      kAddSchema, c10::RegisterOperators::options().kernel<decltype(addKernel), &addKernel>(c10::DispatchKey::CPU));
  const auto typed = op("test::add").typed<AddSig>();
  const at::Tensor a = at::ones({3});
  const at::Tensor out = typed.call(a, at::ones({3}), 2);
  EXPECT_EQ(addCalls, 1);
  EXPECT_TRUE(out.equal(at::full({3}, 3.0)));
  // No boxing: the kernel saw the caller's tensor by reference, no copy in
  // an IValue.
  EXPECT_EQ(lastSelfUseCount, 1u);
}

TEST_F(DispatcherTest, FreeFunctionCallBoxed) {
  auto registry = c10::RegisterOperators().op(kAddSchema, &addKernel);
  Stack stack{IValue(at::ones({1})), IValue(at::ones({1})), IValue(1.5)};
  c10::callBoxed(op("test::add"), &stack);
  EXPECT_FLOAT_EQ(stack.at(0).toTensor().item<float>(), 2.5f);
}

// Boxed kernel, reached from the typed API: the arguments are boxed at the
// call, the result unboxed.
void boxedMul(const c10::OperatorHandle& /*op*/, Stack* stack) {
  const int64_t factor = torch::jit::pop(*stack).toInt();
  at::Tensor t = torch::jit::pop(*stack).toTensor();
  torch::jit::push(*stack, t.mul(at::Scalar(factor)), factor * 10);
}

TEST_F(DispatcherTest, TypedCallBoxesToReachABoxedKernel) {
  auto registry = registerBoxedKernel("test::mul(Tensor t, int factor) -> (Tensor, int)",
      c10::KernelFunction::makeFromBoxedFunction<&boxedMul>());
  const auto typed = op("test::mul").typed<std::tuple<at::Tensor, int64_t>(const at::Tensor&, int64_t)>();
  const at::Tensor input = at::full({2}, 1.5);
  const auto [out, tens] = typed.call(input, 4);
  EXPECT_TRUE(out.equal(at::full({2}, 6.0)));
  EXPECT_EQ(tens, 40);
  EXPECT_EQ(input.use_count(), 1u); // the boxed copy is gone
}

TEST_F(DispatcherTest, LambdasFunctorsAndRuntimeFunctionPointers) {
  int captured = 0;
  struct ScaleFunctor final : c10::OperatorKernel {
    explicit ScaleFunctor(double f) : factor(f) {}
    at::Tensor operator()(const at::Tensor& t) { return t.mul(at::Scalar(factor)); }
    double factor;
  };
  auto registry =
      c10::RegisterOperators()
          .op("test::count(Tensor t) -> int",
              [&captured](const at::Tensor& t) -> int64_t {
                ++captured;
                return t.numel();
              })
          .op("test::scale(Tensor t) -> Tensor",
              c10::RegisterOperators::options().kernel<ScaleFunctor>(c10::DispatchKey::CPU, 2.5))
          .op("test::add2(Tensor self, Tensor other, Scalar alpha=1) -> Tensor", &addKernel)
          .op("test::concat(str a, str b, int[] n) -> str",
              [](const std::string& a, c10::string_view b, c10::ArrayRef<int64_t> n) {
                return a + std::string(b) + std::to_string(n.size());
              });
  EXPECT_EQ(op("test::count").typed<int64_t(const at::Tensor&)>().call(at::ones({4, 2})), 8);
  EXPECT_EQ(captured, 1);
  Stack s{IValue(at::ones({2}))};
  op("test::count").callBoxed(&s);
  EXPECT_EQ(s.at(0).toInt(), 2);
  EXPECT_EQ(captured, 2);
  EXPECT_TRUE(op("test::scale").typed<at::Tensor(const at::Tensor&)>().call(at::ones({1})).equal(at::full({1}, 2.5)));
  EXPECT_TRUE(op("test::add2").typed<AddSig>().call(at::ones({1}), at::ones({1}), 1).equal(at::full({1}, 2.0)));
  Stack c{IValue("ab"), IValue("cd"), IValue(std::vector<int64_t>{1, 2, 3})};
  op("test::concat").callBoxed(&c);
  EXPECT_EQ(c.at(0).toStringRef(), "abcd3");
}

TEST_F(DispatcherTest, OptionalTensorAndListArguments) {
  auto registry = c10::RegisterOperators().op(
      "test::affine(Tensor x, Tensor? bias, Tensor[] extra) -> Tensor",
      [](const at::Tensor& x, const c10::optional<at::Tensor>& bias, const std::vector<at::Tensor>& extra) {
        at::Tensor r = x.clone();
        if (bias.has_value()) {
          r.add_(*bias);
        }
        for (const at::Tensor& e : extra) {
          r.add_(e);
        }
        return r;
      });
  Stack withNone{IValue(at::ones({2})), IValue(), IValue(std::vector<at::Tensor>{at::ones({2})})};
  op("test::affine").callBoxed(&withNone);
  EXPECT_TRUE(withNone.at(0).toTensor().equal(at::full({2}, 2.0)));
  Stack withBias{IValue(at::ones({2})), IValue(at::full({2}, 5.0)), IValue(std::vector<at::Tensor>{})};
  op("test::affine").callBoxed(&withBias);
  EXPECT_TRUE(withBias.at(0).toTensor().equal(at::full({2}, 6.0)));
}

at::Tensor& addInPlace(at::Tensor& self, const at::Tensor& other) {
  self.add_(other);
  return self;
}

TEST_F(DispatcherTest, InPlaceKernelReturningAReference) {
  auto registry = c10::RegisterOperators().op(
      "test::add_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      c10::RegisterOperators::options().kernel<decltype(addInPlace), &addInPlace>(c10::DispatchKey::CPU));
  at::Tensor self = at::ones({2});
  Stack stack{IValue(self), IValue(at::ones({2}))};
  op("test::add_").callBoxed(&stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_TRUE(stack[0].toTensor().is_same(self));
  EXPECT_TRUE(self.equal(at::full({2}, 2.0)));
}

// Typed calls returning Tensor& that must go through a boxed kernel: the
// reference is to the written argument (first for in-place, last for out=),
// as in libtorch, and a boxed kernel returning another tensor is an error.
void boxedAddInPlace(const c10::OperatorHandle& /*op*/, Stack* stack) {
  at::Tensor other = torch::jit::pop(*stack).toTensor();
  stack->back().toTensor().add_(other); // the result is the self slot itself
}

void boxedAddOut(const c10::OperatorHandle& /*op*/, Stack* stack) {
  at::Tensor out = torch::jit::pop(*stack).toTensor();
  at::Tensor other = torch::jit::pop(*stack).toTensor();
  at::Tensor self = torch::jit::pop(*stack).toTensor();
  out.fill_(0);
  out.add_(self).add_(other);
  torch::jit::push(*stack, out);
}

void boxedReturnsAFreshTensor(const c10::OperatorHandle& /*op*/, Stack* stack) {
  at::Tensor other = torch::jit::pop(*stack).toTensor();
  at::Tensor self = torch::jit::pop(*stack).toTensor();
  torch::jit::push(*stack, at::add(self, other));
}

TEST_F(DispatcherTest, TypedInPlaceCallThroughABoxedKernelReturnsSelf) {
  auto registry = registerBoxedKernel("test::add_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      c10::KernelFunction::makeFromBoxedFunction<&boxedAddInPlace>());
  at::Tensor self = at::ones({2});
  at::Tensor& result =
      op("test::add_").typed<at::Tensor&(at::Tensor&, const at::Tensor&)>().call(self, at::ones({2}));
  EXPECT_EQ(&result, &self);
  EXPECT_TRUE(self.equal(at::full({2}, 2.0)));
  EXPECT_EQ(self.use_count(), 1u); // the boxed copies are gone
}

TEST_F(DispatcherTest, TypedOutCallThroughABoxedKernelReturnsOut) {
  auto registry = registerBoxedKernel("test::add.out(Tensor self, Tensor other, Tensor(a!) out) -> Tensor(a!)",
      c10::KernelFunction::makeFromBoxedFunction<&boxedAddOut>());
  at::Tensor out = at::zeros({2});
  at::Tensor& result = op("test::add", "out")
                           .typed<at::Tensor&(const at::Tensor&, const at::Tensor&, at::Tensor&)>()
                           .call(at::ones({2}), at::full({2}, 2.0), out);
  EXPECT_EQ(&result, &out);
  EXPECT_TRUE(out.equal(at::full({2}, 3.0)));
}

TEST_F(DispatcherTest, BoxedKernelReturningAnotherTensorForAReferenceIsAnError) {
  auto registry = registerBoxedKernel("test::add_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      c10::KernelFunction::makeFromBoxedFunction<&boxedReturnsAFreshTensor>());
  at::Tensor self = at::ones({2});
  expectErrorWith(
      [&] { op("test::add_").typed<at::Tensor&(at::Tensor&, const at::Tensor&)>().call(self, at::ones({2})); },
      {"test::add_(Tensor(a!) self, Tensor other) -> Tensor(a!)", "argument 1 'self'", "by reference",
       "instead of that tensor"});
}

TEST_F(DispatcherTest, DefaultsFillMissingTrailingArguments) {
  auto registry = c10::RegisterOperators().op(kAddSchema, &addKernel);
  Stack stack;
  torch::jit::push(stack, at::ones({1}), at::ones({1}));
  op("test::add").callBoxed(&stack); // alpha=1 from the schema
  EXPECT_FLOAT_EQ(stack.at(0).toTensor().item<float>(), 2.0f);

  // An interpreter stack holding other values below: the top 2 are the
  // specified arguments.
  Stack deep;
  torch::jit::push(deep, 42, std::string("keep"), at::ones({1}), at::full({1}, 3.0));
  op("test::add").callBoxed(&deep, 2);
  ASSERT_EQ(deep.size(), 3u);
  EXPECT_EQ(deep[0].toInt(), 42);
  EXPECT_EQ(deep[1].toStringRef(), "keep");
  EXPECT_FLOAT_EQ(deep[2].toTensor().item<float>(), 4.0f);
}

TEST_F(DispatcherTest, MissingArgumentWithoutDefaultNamesSchemaAndArgument) {
  auto registry = c10::RegisterOperators().op(kAddSchema, &addKernel);
  Stack stack{IValue(at::ones({1}))};
  expectErrorWith([&] { op("test::add").callBoxed(&stack); },
                  {kAddSchema, "argument 2 'other' (Tensor) is missing and has no default value"});
  Stack many{IValue(1), IValue(2), IValue(3), IValue(4)};
  expectErrorWith([&] { op("test::add").callBoxed(&many, 4); }, {kAddSchema, "4 arguments given", "takes 3"});
  EXPECT_EQ(addCalls, 0);
}

TEST_F(DispatcherTest, WrongArgumentTypeNamesSchemaAndArgument) {
  auto registry = c10::RegisterOperators().op(kAddSchema, &addKernel);
  Stack stack{IValue(at::ones({1})), IValue(7), IValue(1)};
  expectErrorWith([&] { op("test::add").callBoxed(&stack); },
                  {kAddSchema, "argument 2 'other' (Tensor)", "expected a value of type Tensor", "got Int (7)"});
  Stack badScalar{IValue(at::ones({1})), IValue(at::ones({1})), IValue("x")};
  expectErrorWith([&] { op("test::add").callBoxed(&badScalar); },
                  {"argument 3 'alpha' (Scalar)", "expected a value of type Scalar", "got String (x)"});
  EXPECT_EQ(addCalls, 0);
}

TEST_F(DispatcherTest, BoxedKernelsGetCheckedArgumentsAndMustLeaveTheReturns) {
  auto registry =
      c10::RegisterOperators()
          .op("test::mul(Tensor t, int factor) -> (Tensor, int)",
              c10::RegisterOperators::options().kernel(c10::DispatchKey::CPU,
                                                         c10::KernelFunction::makeFromBoxedFunction<&boxedMul>()))
          .op("test::bad(Tensor t) -> Tensor",
              c10::RegisterOperators::options().kernel(
                  c10::DispatchKey::CPU,
                  c10::KernelFunction::makeFromBoxedLambda([](const c10::OperatorHandle&, Stack* s) {
                    torch::jit::push(*s, 1); // forgets to pop its argument, pushes an int
                  })));
  Stack wrong{IValue(at::ones({1})), IValue(2.5)};
  expectErrorWith([&] { op("test::mul").callBoxed(&wrong); },
                  {"test::mul(Tensor t, int factor) -> (Tensor, int)", "argument 2 'factor' (int)", "got Double"});
  Stack s{IValue(at::ones({1}))};
  // A boxed call leaves the stack as the kernel left it, as in libtorch.
  op("test::bad").callBoxed(&s);
  EXPECT_EQ(s.size(), 2u);
  expectErrorWith([&] { op("test::bad").typed<at::Tensor(const at::Tensor&)>().call(at::ones({1})); },
                  {"test::bad(Tensor t) -> Tensor", "left 2 value(s)"});
}

TEST_F(DispatcherTest, TypedReturnOfTheWrongKindFromABoxedKernel) {
  auto registry = registerBoxedKernel(
      "test::liar(Tensor t) -> Tensor",
      c10::KernelFunction::makeFromBoxedLambda([](const c10::OperatorHandle&, Stack* s) {
        torch::jit::drop(*s, 1);
        torch::jit::push(*s, 5);
      }));
  expectErrorWith([&] { op("test::liar").typed<at::Tensor(const at::Tensor&)>().call(at::ones({1})); },
                  {"test::liar(Tensor t) -> Tensor", "return 1 expected a value of type Tensor", "Int (5)"});
}

TEST_F(DispatcherTest, UnknownOperator) {
  expectErrorWith([] { op("test::nope"); }, {"unknown operator test::nope"});
  auto registry = c10::RegisterOperators().op(kAddSchema, &addKernel);
  expectErrorWith([] { op("test::add", "Tensor"); }, {"unknown operator test::add.Tensor", "registered overloads: test::add"});
  EXPECT_FALSE(c10::Dispatcher::singleton().findSchema({"test::nope", ""}).has_value());
}

TEST_F(DispatcherTest, TypedSignatureMismatchAgainstTheSchema) {
  auto registry = c10::RegisterOperators().op(kAddSchema, &addKernel);
  const c10::OperatorHandle h = op("test::add");
  expectErrorWith([&] { h.typed<at::Tensor(const at::Tensor&, const at::Tensor&, double)>(); },
                  {kAddSchema, "typed<>()", "argument 3 'alpha' (Scalar) does not accept the C++ type for float"});
  expectErrorWith([&] { h.typed<at::Tensor(const at::Tensor&, const at::Tensor&)>(); },
                  {kAddSchema, "has 2 argument(s), the schema has 3"});
  expectErrorWith([&] { h.typed<int64_t(const at::Tensor&, const at::Tensor&, const at::Scalar&)>(); },
                  {kAddSchema, "return 1 (Tensor) does not accept the C++ type for int"});
  // Fits the schema, but not the registered unboxed kernel's C++ signature.
  expectErrorWith([&] { h.typed<at::Tensor(at::Tensor, at::Tensor, at::Scalar)>(); },
                  {kAddSchema, "does not match the C++ signature of the registered unboxed kernel"});
}

TEST_F(DispatcherTest, KernelSignatureIsCheckedAtRegistration) {
  expectErrorWith(
      [] {
        auto r = c10::RegisterOperators().op(kAddSchema, [](const at::Tensor& a, int64_t) { return a; });
      },
      {kAddSchema, "the unboxed kernel", "has 2 argument(s), the schema has 3"});
  expectErrorWith(
      [] {
        auto r = c10::RegisterOperators().op(
            kAddSchema, [](const at::Tensor& a, const at::Tensor&, const std::string&) { return a; });
      },
      {"argument 3 'alpha' (Scalar) does not accept the C++ type for str"});
  // The failed registrations left nothing behind.
  EXPECT_FALSE(c10::Dispatcher::singleton().findSchema({"test::add", ""}).has_value());
}

TEST_F(DispatcherTest, SecondUnboxedKernelMustShareTheCppSignature) {
  auto registry = c10::RegisterOperators().op(kAddSchema, &addKernel);
  expectErrorWith(
      [] {
        c10::Dispatcher::singleton().registerImpl(
            {"test::add", ""}, c10::DispatchKey::Tracer,
            c10::KernelFunction::makeFromUnboxedLambda(
                [](at::Tensor a, const at::Tensor&, const at::Scalar&) { return a; }));
      },
      {"test::add", "Mismatch in kernel C++ signatures"});
}

TEST_F(DispatcherTest, RedefinitionWithAnotherSchemaIsRejected) {
  auto registry = c10::RegisterOperators().op(kAddSchema, &addKernel);
  expectErrorWith([] { auto r = c10::RegisterOperators().op("test::add(Tensor self) -> Tensor", [](const at::Tensor& t) { return t; }); },
                  {"already registered with the schema", kAddSchema});
}

TEST_F(DispatcherTest, DefinitionWithoutKernel) {
  auto def = c10::Dispatcher::singleton().registerDef(torch::jit::parseSchema("test::nokernel(Tensor t) -> Tensor"));
  Stack s{IValue(at::ones({1}))};
  expectErrorWith([&] { op("test::nokernel").callBoxed(&s); },
                  {"test::nokernel(Tensor t) -> Tensor", "no kernel or fallback for dispatch key CPU"});
}

TEST_F(DispatcherTest, DeregistrationAndOverride) {
  {
    auto registry = c10::RegisterOperators().op(kAddSchema, &addKernel);
    EXPECT_TRUE(c10::Dispatcher::singleton().findSchema({"test::add", ""}).has_value());
    auto names = c10::Dispatcher::singleton().getAllOpNames();
    EXPECT_NE(std::find(names.begin(), names.end(), c10::OperatorName("test::add", "")), names.end());
    {
      // A later kernel for the same key overrides; dropping it restores.
      auto override = c10::Dispatcher::singleton().registerImpl(
          {"test::add", ""}, c10::DispatchKey::CPU,
          c10::KernelFunction::makeFromUnboxedLambda(
              [](const at::Tensor& a, const at::Tensor&, const at::Scalar&) { return a; }));
      const at::Tensor a = at::ones({1});
      EXPECT_TRUE(op("test::add").typed<AddSig>().call(a, a, 1).is_same(a));
      EXPECT_EQ(addCalls, 0);
    }
    op("test::add").typed<AddSig>().call(at::ones({1}), at::ones({1}), 1);
    EXPECT_EQ(addCalls, 1);
  }
  EXPECT_FALSE(c10::Dispatcher::singleton().findSchema({"test::add", ""}).has_value());
  expectErrorWith([] { op("test::add"); }, {"unknown operator test::add"});
}

TEST_F(DispatcherTest, DispatcherCallSpelling) {
  auto registry = c10::RegisterOperators().op(kAddSchema, &addKernel);
  const auto typed = op("test::add").typed<AddSig>();
  const at::Tensor r = c10::Dispatcher::singleton().call<at::Tensor, const at::Tensor&, const at::Tensor&,
                                                          const at::Scalar&>(typed, at::ones({1}), at::ones({1}), 2);
  EXPECT_FLOAT_EQ(r.item<float>(), 3.0f);
}

} // namespace
