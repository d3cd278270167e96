// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Factories: empty, zeros, ones, full, arange, from_blob, *_like; dtypes.

#include "tensor_test_util.h"

#include <cstdint>
#include <vector>

namespace {

using tensor_test::values;
using tensor_test::vec;

TEST(FactoriesTest, DefaultDtypeIsFloat) {
  EXPECT_EQ(at::empty({2}).scalar_type(), at::kFloat);
  EXPECT_EQ(at::zeros({2}).scalar_type(), at::kFloat);
  EXPECT_EQ(at::ones({2}).scalar_type(), at::kFloat);
}

TEST(FactoriesTest, EveryDtypeRoundTrips) {
  for (at::ScalarType t : {at::kFloat, at::kDouble, at::kLong, at::kInt, at::kShort, at::kChar, at::kByte, at::kBool}) {
    at::Tensor z = at::zeros({3}, t);
    at::Tensor o = at::ones({3}, at::TensorOptions().dtype(t));
    EXPECT_EQ(z.scalar_type(), t);
    EXPECT_EQ(z.element_size(), static_cast<int64_t>(c10::elementSize(t)));
    EXPECT_EQ(o.sum().item<double>(), 3.0) << t;
    EXPECT_EQ(z.sum().item<double>(), 0.0) << t;
  }
}

TEST(FactoriesTest, ZerosOnesFull) {
  EXPECT_EQ(values<float>(at::zeros({2, 2})), std::vector<float>(4, 0.f));
  EXPECT_EQ(values<int32_t>(at::ones({3}, at::kInt)), std::vector<int32_t>({1, 1, 1}));
  EXPECT_EQ(values<double>(at::full({2}, 1.5, at::kDouble)), std::vector<double>({1.5, 1.5}));
  EXPECT_EQ(values<uint8_t>(at::full({2}, 255, at::kByte)), std::vector<uint8_t>({255, 255}));
}

TEST(FactoriesTest, FullInfersDtypeFromTheValue) {
  EXPECT_EQ(at::full({1}, 3).scalar_type(), at::kLong);
  EXPECT_EQ(at::full({1}, 3.0).scalar_type(), at::kFloat);
  EXPECT_EQ(at::full({1}, true).scalar_type(), at::kBool);
  EXPECT_EQ(at::full({1}, 3, at::kDouble).scalar_type(), at::kDouble);
}

TEST(FactoriesTest, Arange) {
  EXPECT_EQ(values<int64_t>(at::arange(5)), std::vector<int64_t>({0, 1, 2, 3, 4}));
  EXPECT_EQ(values<int64_t>(at::arange(2, 11, 3)), std::vector<int64_t>({2, 5, 8}));
  EXPECT_EQ(values<int64_t>(at::arange(5, 0, -2)), std::vector<int64_t>({5, 3, 1}));
  EXPECT_EQ(values<float>(at::arange(0, 1, 0.25)), std::vector<float>({0, 0.25, 0.5, 0.75}));
  EXPECT_EQ(at::arange(0, 1, 0.25).scalar_type(), at::kFloat);
  EXPECT_EQ(values<double>(at::arange(3, at::kDouble)), std::vector<double>({0, 1, 2}));
  EXPECT_EQ(at::arange(0).numel(), 0);
  EXPECT_C10_ERROR(at::arange(0, 5, 0), "step must be nonzero");
  EXPECT_C10_ERROR(at::arange(5, 0, 1), "upper bound and larger bound inconsistent with step sign");
}

TEST(FactoriesTest, ZeroSizeTensors) {
  at::Tensor t = at::empty({0, 3});
  EXPECT_EQ(t.numel(), 0);
  EXPECT_EQ(t.dim(), 2);
  EXPECT_TRUE(t.is_contiguous());
  EXPECT_EQ(t.sum().item<float>(), 0.f);
  EXPECT_EQ(vec(t.sum({0}).sizes()), std::vector<int64_t>({3}));
  EXPECT_EQ(values<float>(t.sum({0})), std::vector<float>({0, 0, 0}));
  EXPECT_EQ(vec(t.sum({1}).sizes()), std::vector<int64_t>({0}));
  EXPECT_EQ(vec(t.t().sizes()), std::vector<int64_t>({3, 0}));
  EXPECT_EQ(vec(t.view({3, 0, 5}).sizes()), std::vector<int64_t>({3, 0, 5}));
  EXPECT_EQ((t + at::ones({1, 3})).numel(), 0);
  EXPECT_TRUE(std::isnan(t.mean().item<float>()));
}

TEST(FactoriesTest, ZeroDimTensors) {
  at::Tensor s = at::full({}, 4.0);
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(s.numel(), 1);
  EXPECT_EQ(s.sizes().size(), 0u);
  EXPECT_EQ((s * at::ones({2})).sizes()[0], 2);
  EXPECT_EQ(s.view({1, 1}).dim(), 2);
  EXPECT_EQ(s.unsqueeze(0).dim(), 1);
  EXPECT_EQ(s.sum().item<float>(), 4.f);
}

TEST(FactoriesTest, NegativeSizeIsAnError) {
  EXPECT_C10_ERROR(at::empty({2, -1}), "negative dimension -1");
}

TEST(FactoriesTest, LikeFactoriesKeepShapeAndDtype) {
  at::Tensor t = at::arange(6).view({2, 3}).t();
  at::Tensor z = at::zeros_like(t);
  EXPECT_EQ(vec(z.sizes()), std::vector<int64_t>({3, 2}));
  EXPECT_EQ(z.scalar_type(), at::kLong);
  EXPECT_EQ(vec(z.strides()), std::vector<int64_t>({1, 3})); // a permutation's layout is kept
  EXPECT_TRUE(at::zeros_like(t.slice(0, 0, 3, 2)).is_contiguous()); // not dense: contiguous
  EXPECT_EQ(at::ones_like(t).sum().item<int64_t>(), 6);
  EXPECT_EQ(at::empty_like(t).numel(), 6);
}

TEST(FromBlobTest, ZeroCopyWithoutDeleter) {
  std::vector<float> data = {1, 2, 3, 4, 5, 6};
  at::Tensor t = at::from_blob(data.data(), {2, 3});
  EXPECT_EQ(t.data_ptr<float>(), data.data());
  t.mul_(2);
  EXPECT_EQ(data[5], 12.f); // writes go to the caller's memory
  data[0] = 100;
  EXPECT_EQ(t.select(0, 0).select(0, 0).item<float>(), 100.f);
}

TEST(FromBlobTest, StridesAndDtype) {
  std::vector<int32_t> data = {0, 1, 2, 3, 4, 5};
  at::Tensor t = at::from_blob(data.data(), {3, 2}, {1, 3}, at::kInt); // column-major view
  EXPECT_EQ(values<int32_t>(t), std::vector<int32_t>({0, 3, 1, 4, 2, 5}));
  EXPECT_FALSE(t.is_contiguous());
}

TEST(FromBlobTest, DeleterRunsOnceWhenTheLastViewGoes) {
  int calls = 0;
  void* seen = nullptr;
  auto* data = new double[4]{1, 2, 3, 4};
  {
    at::Tensor t = at::from_blob(data, {4}, [&](void* p) {
      ++calls;
      seen = p;
      delete[] static_cast<double*>(p);
    }, at::kDouble);
    at::Tensor v = t.view({2, 2});
    t.reset();
    EXPECT_EQ(calls, 0); // the view still holds the storage
    EXPECT_EQ(v.sum().item<double>(), 10.0);
  }
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(seen, data);
}

TEST(FromBlobTest, NullDataNeedsZeroElements) {
  EXPECT_EQ(at::from_blob(nullptr, {0, 2}).numel(), 0);
  EXPECT_C10_ERROR(at::from_blob(nullptr, {2}), "data is null");
  int calls = 0;
  EXPECT_C10_ERROR(at::from_blob(nullptr, {2}, [&](void*) { ++calls; }), "data is null");
  EXPECT_EQ(calls, 1); // ownership was taken, so the deleter still ran
}

TEST(FactoriesTest, SetNumThreadsIsAcceptedForCompatibility) {
  at::set_num_threads(1);
  EXPECT_EQ(at::get_num_threads(), 1);
}

} // namespace
