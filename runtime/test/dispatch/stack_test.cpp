// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <ATen/ATen.h>
#include <ATen/core/stack.h>

#include "dispatch_test_util.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace {

using torch::jit::Stack;

TEST(StackTest, PushPopKeepOrder) {
  Stack s;
  torch::jit::push(s, 1, 2.5, std::string("x"), true);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_TRUE(torch::jit::pop(s).toBool());
  EXPECT_EQ(torch::jit::pop(s).toStringRef(), "x");
  EXPECT_EQ(torch::jit::pop(s).toDouble(), 2.5);
  EXPECT_EQ(torch::jit::pop(s).toInt(), 1);
  EXPECT_TRUE(s.empty());
}

TEST(StackTest, PopNReturnsDeepestFirstAndMoves) {
  at::Tensor t = at::ones({2});
  Stack s;
  torch::jit::push(s, 7, t, 9);
  EXPECT_EQ(t.use_count(), 2u);
  std::vector<c10::IValue> top = torch::jit::pop(s, 2);
  ASSERT_EQ(top.size(), 2u);
  EXPECT_TRUE(top[0].toTensor().is_same(t));
  EXPECT_EQ(top[1].toInt(), 9);
  EXPECT_EQ(t.use_count(), 2u); // moved, not copied
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].toInt(), 7);
  // A const count is a count, not a variable to pop into.
  torch::jit::push(s, 8);
  const std::int32_t two = 2;
  EXPECT_EQ(torch::jit::pop(s, static_cast<size_t>(two)).size(), 2u);
  torch::jit::push(s, 1, 2);
  const size_t n = 2;
  EXPECT_EQ(torch::jit::pop(s, n).size(), 2u);
  EXPECT_TRUE(s.empty());
}

TEST(StackTest, PopIntoTypedVariables) {
  Stack s;
  torch::jit::push(s, 3, 4.5, at::zeros({3}));
  int64_t i = 0;
  double d = 0;
  at::Tensor t;
  torch::jit::pop(s, i, d, t);
  EXPECT_EQ(i, 3);
  EXPECT_EQ(d, 4.5);
  EXPECT_EQ(t.numel(), 3);
  EXPECT_TRUE(s.empty());
}

TEST(StackTest, PeekLastDrop) {
  Stack s;
  torch::jit::push(s, 10, 20, 30);
  EXPECT_EQ(torch::jit::peek(s, 0, 2).toInt(), 20);
  EXPECT_EQ(torch::jit::peek(s, 1, 2).toInt(), 30);
  c10::ArrayRef<c10::IValue> l = torch::jit::last(s, 2);
  ASSERT_EQ(l.size(), 2u);
  EXPECT_EQ(l[0].toInt(), 20);
  torch::jit::drop(s, 2);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s.back().toInt(), 10);
}

TEST(StackTest, UnderflowThrowsInsteadOfUndefinedBehaviour) {
  Stack s;
  torch::jit::push(s, 1);
  expectErrorWith([&] { torch::jit::pop(s, 2); }, {"pop", "needs 2", "holds 1"});
  expectErrorWith([&] { torch::jit::drop(s, 3); }, {"drop", "needs 3"});
  expectErrorWith([&] { torch::jit::peek(s, 0, 2); }, {"peek"});
  expectErrorWith([&] { torch::jit::peek(s, 1, 1); }, {"peek"});
  expectErrorWith([&] { torch::jit::last(s, 5); }, {"last"});
  torch::jit::drop(s, 1);
  expectErrorWith([&] { torch::jit::pop(s); }, {"pop", "holds 0"});
  EXPECT_TRUE(s.empty());
}

} // namespace
