// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Views share storage with their base: writes through either are seen by
// the other. Negative dims, steps, expand's zero strides, reshape's copy.

#include "tensor_test_util.h"

namespace {

using tensor_test::make;
using tensor_test::values;
using tensor_test::vec;

at::Tensor iota(at::IntArrayRef shape) {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  return at::arange(n).view(shape);
}

TEST(ViewTest, ViewAliasesAndInfersMinusOne) {
  at::Tensor a = iota({2, 6});
  at::Tensor v = a.view({3, -1});
  EXPECT_EQ(vec(v.sizes()), std::vector<int64_t>({3, 4}));
  EXPECT_EQ(v.data_ptr(), a.data_ptr());
  v.fill_(7);
  EXPECT_EQ(a.sum().item<int64_t>(), 84);
  EXPECT_C10_ERROR(a.view({5, -1}), "shape '[5, -1]' is invalid for input of size 12");
  EXPECT_C10_ERROR(a.view({-1, -1}), "only one dimension can be inferred");
  EXPECT_C10_ERROR(a.view({7}), "shape '[7]' is invalid for input of size 12");
}

TEST(ViewTest, ViewOfNonContiguousWhereStridesAllow) {
  at::Tensor a = iota({4, 6});
  at::Tensor s = a.slice(1, 0, 6, 2); // [4, 3] strides [6, 2]
  at::Tensor v = s.view({2, 2, 3});   // splitting dim 0 keeps strides
  EXPECT_EQ(vec(v.strides()), std::vector<int64_t>({12, 6, 2}));
  EXPECT_EQ(s.view({12}).stride(0), 2); // uniformly strided: one dim of stride 2
  EXPECT_C10_ERROR(a.slice(1, 0, 3).view({12}), "view size is not compatible with input tensor's size and stride");
  EXPECT_C10_ERROR(a.t().view({24}), "Use .reshape(...) instead");
}

TEST(ViewTest, ReshapeCopiesOnlyWhenItMust) {
  at::Tensor a = iota({2, 3});
  at::Tensor r = a.reshape({3, 2});
  EXPECT_TRUE(r.is_alias_of(a));
  at::Tensor c = a.t().reshape({6});
  EXPECT_FALSE(c.is_alias_of(a));
  EXPECT_EQ(values<int64_t>(c), std::vector<int64_t>({0, 3, 1, 4, 2, 5}));
  EXPECT_TRUE(at::reshape(a, {-1}).is_alias_of(a));
}

TEST(ViewTest, SelectRemovesADimAndAcceptsNegativeIndices) {
  at::Tensor a = iota({3, 4});
  EXPECT_EQ(values<int64_t>(a.select(0, 1)), std::vector<int64_t>({4, 5, 6, 7}));
  EXPECT_EQ(values<int64_t>(a.select(-1, -1)), std::vector<int64_t>({3, 7, 11}));
  a.select(1, 0).fill_(-1);
  EXPECT_EQ(values<int64_t>(a.select(1, 0)), std::vector<int64_t>({-1, -1, -1}));
  EXPECT_EQ(a.select(0, 2).select(0, 3).item<int64_t>(), 11);
  EXPECT_C10_ERROR(a.select(0, 3), "select(): index 3 out of range for tensor of size [3, 4] at dimension 0");
  EXPECT_C10_ERROR(a.select(2, 0), "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  EXPECT_C10_ERROR(at::full({}, 1).select(0, 0), "select() cannot be applied to a 0-dim tensor");
}

TEST(ViewTest, SliceWithStepClampsLikePython) {
  at::Tensor a = at::arange(10);
  EXPECT_EQ(values<int64_t>(a.slice(0, 2, 8, 3)), std::vector<int64_t>({2, 5}));
  EXPECT_EQ(values<int64_t>(a.slice(0, -3)), std::vector<int64_t>({7, 8, 9}));
  EXPECT_EQ(values<int64_t>(a.slice(0, 5, 100)), std::vector<int64_t>({5, 6, 7, 8, 9}));
  EXPECT_EQ(a.slice(0, 8, 2).numel(), 0);
  EXPECT_EQ(a.slice(0, 2, 8, 3).stride(0), 3);
  EXPECT_C10_ERROR(a.slice(0, 0, 5, 0), "slice step must be positive");
  at::Tensor m = iota({3, 4});
  m.slice(1, 1, 3).zero_();
  EXPECT_EQ(values<int64_t>(m.select(0, 0)), std::vector<int64_t>({0, 0, 0, 3}));
}

TEST(ViewTest, Narrow) {
  at::Tensor a = iota({2, 5});
  EXPECT_EQ(values<int64_t>(a.narrow(1, 1, 2)), std::vector<int64_t>({1, 2, 6, 7}));
  EXPECT_EQ(values<int64_t>(a.narrow(-1, -2, 2)), std::vector<int64_t>({3, 4, 8, 9}));
  EXPECT_C10_ERROR(a.narrow(1, 4, 2), "start (4) + length (2) exceeds dimension size (5).");
}

TEST(ViewTest, TransposePermuteT) {
  at::Tensor a = iota({2, 3, 4});
  at::Tensor t = a.transpose(0, -1);
  EXPECT_EQ(vec(t.sizes()), std::vector<int64_t>({4, 3, 2}));
  EXPECT_EQ(vec(t.strides()), std::vector<int64_t>({1, 4, 12}));
  at::Tensor p = a.permute({2, 0, 1});
  EXPECT_EQ(vec(p.sizes()), std::vector<int64_t>({4, 2, 3}));
  EXPECT_EQ(p.select(0, 1).select(0, 1).select(0, 2).item<int64_t>(), 21);
  EXPECT_EQ(vec(a.permute({-1, -2, -3}).sizes()), std::vector<int64_t>({4, 3, 2}));
  EXPECT_C10_ERROR(a.permute({0, 1}), "input.dim() = 3 is not equal to len(dims) = 2");
  EXPECT_C10_ERROR(a.permute({0, 1, 1}), "duplicate dims");
  EXPECT_EQ(values<int64_t>(iota({2, 2}).t()), std::vector<int64_t>({0, 2, 1, 3}));
  EXPECT_EQ(vec(at::arange(3).t().sizes()), std::vector<int64_t>({3}));
  EXPECT_C10_ERROR(a.t(), "t() expects a tensor with <= 2 dimensions, but self is 3D");
  at::Tensor m = iota({2, 2});
  m.t().select(0, 0).fill_(9); // column 0 of m
  EXPECT_EQ(values<int64_t>(m), std::vector<int64_t>({9, 1, 9, 3}));
}

TEST(ViewTest, ExpandUsesZeroStrides) {
  at::Tensor a = make<float>({1, 2, 3}, {3, 1});
  at::Tensor e = a.expand({2, 3, 4});
  EXPECT_EQ(vec(e.sizes()), std::vector<int64_t>({2, 3, 4}));
  EXPECT_EQ(vec(e.strides()), std::vector<int64_t>({0, 1, 0}));
  EXPECT_EQ(e.sum().item<float>(), 48.f);
  EXPECT_EQ(vec(a.expand({-1, 5}).sizes()), std::vector<int64_t>({3, 5}));
  EXPECT_EQ(vec(a.expand_as(at::empty({3, 2})).sizes()), std::vector<int64_t>({3, 2}));
  EXPECT_C10_ERROR(a.expand({2, 2}),
                   "The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 0.  "
                   "Target sizes: [2, 2].  Tensor sizes: [3, 1]");
  EXPECT_C10_ERROR(a.expand({4}), "the number of sizes provided (1) must be greater or equal to the number of "
                                  "dimensions in the tensor (2)");
  a.fill_(5); // the base changes, the expanded view sees it
  EXPECT_EQ(e.sum().item<float>(), 120.f);
  EXPECT_C10_ERROR(e.fill_(1), "more than one element of the written-to tensor refers to a single memory location");
  EXPECT_C10_ERROR(e.add_(1), "more than one element of the written-to tensor refers to a single memory location");
}

TEST(ViewTest, SqueezeUnsqueeze) {
  at::Tensor a = at::zeros({1, 3, 1, 2});
  EXPECT_EQ(vec(a.squeeze().sizes()), std::vector<int64_t>({3, 2}));
  EXPECT_EQ(vec(a.squeeze(0).sizes()), std::vector<int64_t>({3, 1, 2}));
  EXPECT_EQ(vec(a.squeeze(-2).sizes()), std::vector<int64_t>({1, 3, 2}));
  EXPECT_EQ(vec(a.squeeze(1).sizes()), std::vector<int64_t>({1, 3, 1, 2})); // not size 1: unchanged
  EXPECT_EQ(vec(a.unsqueeze(4).sizes()), std::vector<int64_t>({1, 3, 1, 2, 1}));
  EXPECT_EQ(vec(a.unsqueeze(-1).sizes()), std::vector<int64_t>({1, 3, 1, 2, 1}));
  EXPECT_EQ(vec(a.unsqueeze(-5).sizes()), std::vector<int64_t>({1, 1, 3, 1, 2}));
  EXPECT_C10_ERROR(a.unsqueeze(5), "Dimension out of range (expected to be in range of [-5, 4], but got 5)");
  EXPECT_TRUE(a.squeeze().is_alias_of(a));
  at::Tensor u = at::arange(3).unsqueeze(1);
  EXPECT_EQ(vec(u.strides()), std::vector<int64_t>({1, 1}));
}

TEST(CopyTest, ContiguousCloneCopy) {
  at::Tensor a = iota({2, 3});
  at::Tensor t = a.t();
  EXPECT_TRUE(a.contiguous().is_same(a)); // already contiguous: same tensor
  at::Tensor c = t.contiguous();
  EXPECT_TRUE(c.is_contiguous());
  EXPECT_FALSE(c.is_alias_of(a));
  EXPECT_EQ(values<int64_t>(c), std::vector<int64_t>({0, 3, 1, 4, 2, 5}));
  at::Tensor k = a.clone();
  k.fill_(0);
  EXPECT_EQ(a.sum().item<int64_t>(), 15);
  at::Tensor dst = at::zeros({3, 2}, at::kDouble);
  dst.copy_(t); // converts Long -> Double
  EXPECT_EQ(values<double>(dst), std::vector<double>({0, 3, 1, 4, 2, 5}));
  dst.copy_(at::full({2}, 1.5, at::kFloat)); // broadcasts
  EXPECT_EQ(values<double>(dst), std::vector<double>(6, 1.5));
  EXPECT_C10_ERROR(dst.copy_(at::ones({3})), "The expanded size of the tensor (2) must match the existing size (3)");
}

TEST(CopyTest, OverlappingCopyReadsASnapshot) {
  at::Tensor a = iota({3, 3});
  a.copy_(a.t()); // in-place transpose: must not read already-written values
  EXPECT_EQ(values<int64_t>(a), std::vector<int64_t>({0, 3, 6, 1, 4, 7, 2, 5, 8}));
  at::Tensor b = at::arange(6);
  b.slice(0, 1).copy_(b.slice(0, 0, 5)); // shifted overlap
  EXPECT_EQ(values<int64_t>(b), std::vector<int64_t>({0, 0, 1, 2, 3, 4}));
}

TEST(CopyTest, ConversionsBetweenDtypes) {
  at::Tensor f = make<float>({-1.5f, 0.f, 2.7f, 255.f}, {4});
  EXPECT_EQ(values<int32_t>(f.to(at::kInt)), std::vector<int32_t>({-1, 0, 2, 255}));
  EXPECT_EQ(values<bool>(f.to(at::kBool)), std::vector<bool>({true, false, true, true}));
  EXPECT_EQ(values<uint8_t>(f.to(at::kByte)), std::vector<uint8_t>({255, 0, 2, 255}));
  EXPECT_EQ(values<float>(at::full({2}, true).to(at::kFloat)), std::vector<float>({1, 1}));
  at::Tensor nan = at::full({1}, std::nan(""), at::kDouble);
  EXPECT_EQ(values<int64_t>(nan.to(at::kLong)), std::vector<int64_t>({INT64_MIN})); // defined, no UB
  EXPECT_TRUE(f.to(at::kFloat).is_same(f));
  EXPECT_FALSE(f.to(at::kFloat, false, /*copy=*/true).is_same(f));
}

} // namespace
