// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// sum and mean over all elements and along dims; keepdim; dtypes; accuracy.

#include "tensor_test_util.h"

#include <cmath>

namespace {

using tensor_test::make;
using tensor_test::values;
using tensor_test::vec;

TEST(ReductionTest, SumAll) {
  EXPECT_EQ(at::arange(101).sum().item<int64_t>(), 5050);
  EXPECT_EQ(at::arange(101).sum().scalar_type(), at::kLong);
  EXPECT_EQ(at::ones({3}, at::kInt).sum().scalar_type(), at::kLong);
  EXPECT_EQ(at::ones({3}, at::kBool).sum().item<int64_t>(), 3);
  EXPECT_EQ(at::ones({3}, at::kByte).sum().scalar_type(), at::kLong);
  EXPECT_EQ(at::ones({3}).sum().scalar_type(), at::kFloat);
  EXPECT_EQ(at::ones({3}, at::kDouble).sum().dim(), 0);
  EXPECT_EQ(at::ones({3}, at::kInt).sum(at::kDouble).scalar_type(), at::kDouble);
  EXPECT_EQ(at::arange(6).view({2, 3}).t().sum().item<int64_t>(), 15); // non-contiguous
  EXPECT_EQ(at::sum(at::ones({4, 4})).item<float>(), 16.f);
}

TEST(ReductionTest, SumAlongDims) {
  at::Tensor a = at::arange(24).view({2, 3, 4});
  at::Tensor s0 = a.sum({0});
  EXPECT_EQ(vec(s0.sizes()), std::vector<int64_t>({3, 4}));
  EXPECT_EQ(s0.select(0, 0).select(0, 0).item<int64_t>(), 12);
  at::Tensor s12 = a.sum({1, -1});
  EXPECT_EQ(values<int64_t>(s12), std::vector<int64_t>({66, 210}));
  at::Tensor keep = a.sum({1}, /*keepdim=*/true);
  EXPECT_EQ(vec(keep.sizes()), std::vector<int64_t>({2, 1, 4}));
  EXPECT_EQ(values<int64_t>(keep.select(0, 0)), std::vector<int64_t>({12, 15, 18, 21}));
  EXPECT_EQ(values<int64_t>(a.sum({-1})), values<int64_t>(a.sum({2})));
  EXPECT_EQ(a.sum(at::IntArrayRef{}).item<int64_t>(), 276); // empty list: all dims (libtorch 1.13)
  EXPECT_EQ(values<int64_t>(a.transpose(0, 2).sum({0})), values<int64_t>(a.sum({2}).t()));
  EXPECT_EQ(values<float>(at::full({2, 3}, 1.5).sum({1})), std::vector<float>({4.5, 4.5}));
  EXPECT_EQ(at::full({}, 2.0).sum({0}).item<float>(), 2.f);
  EXPECT_C10_ERROR(a.sum({0, 0}), "dim 0 appears multiple times in the list of dims");
  EXPECT_C10_ERROR(a.sum({3}), "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
}

TEST(ReductionTest, Mean) {
  at::Tensor a = make<float>({1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(a.mean().item<float>(), 3.5f);
  EXPECT_EQ(values<float>(a.mean({0})), std::vector<float>({2.5, 3.5, 4.5}));
  EXPECT_EQ(values<float>(a.mean({1}, true)), std::vector<float>({2, 5}));
  EXPECT_EQ(vec(a.mean({1}, true).sizes()), std::vector<int64_t>({2, 1}));
  EXPECT_EQ(at::mean(at::ones({2}, at::kDouble)).scalar_type(), at::kDouble);
  EXPECT_EQ(at::arange(4).mean(at::kFloat).item<float>(), 1.5f);
  EXPECT_C10_ERROR(at::arange(4).mean(), "mean(): could not infer output dtype. Input dtype must be either a floating "
                                         "point or complex dtype. Got: Long");
  EXPECT_C10_ERROR(at::arange(4).mean({0}), "Got: Long");
}

TEST(ReductionTest, LargeFloatSumIsAccurate) {
  // 2^24 + 2 ones: a naive float loop gets stuck at 2^24 (adding 1 rounds
  // back down); the blocked sum reaches the exact, representable result.
  const int64_t n = (1 << 24) + 2;
  at::Tensor ones = at::ones({n});
  EXPECT_EQ(ones.sum().item<double>(), static_cast<double>(n));
  at::Tensor r = at::arange(0, 1, 1.0 / 4096);
  EXPECT_NEAR(r.sum().item<double>(), 2047.5, 1e-3);
}

TEST(ReductionTest, IntegerSumWraps) {
  at::Tensor a = at::full({2}, INT64_MAX, at::kLong);
  EXPECT_EQ(a.sum().item<int64_t>(), -2);
}

} // namespace
