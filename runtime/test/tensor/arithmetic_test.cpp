// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// add/sub/mul/div: broadcasting, type promotion, scalars, in-place forms.

#include "tensor_test_util.h"

namespace {

using tensor_test::make;
using tensor_test::values;
using tensor_test::vec;

TEST(ArithmeticTest, SameShape) {
  at::Tensor a = make<float>({1, 2, 3, 4}, {2, 2});
  at::Tensor b = make<float>({10, 20, 30, 40}, {2, 2});
  EXPECT_EQ(values<float>(a + b), std::vector<float>({11, 22, 33, 44}));
  EXPECT_EQ(values<float>(b - a), std::vector<float>({9, 18, 27, 36}));
  EXPECT_EQ(values<float>(a * b), std::vector<float>({10, 40, 90, 160}));
  EXPECT_EQ(values<float>(b / a), std::vector<float>({10, 10, 10, 10}));
  EXPECT_EQ(values<float>(a.add(b, 2)), std::vector<float>({21, 42, 63, 84}));
  EXPECT_EQ(values<float>(a.sub(b, 0.5)), std::vector<float>({-4, -8, -12, -16}));
  EXPECT_EQ(values<float>(at::add(a, b)), values<float>(a.add(b)));
}

TEST(ArithmeticTest, BroadcastingRules) {
  at::Tensor col = make<int64_t>({1, 2, 3}, {3, 1});
  at::Tensor row = make<int64_t>({10, 20}, {2});
  at::Tensor r = col + row; // [3,1] + [2] -> [3,2]
  EXPECT_EQ(vec(r.sizes()), std::vector<int64_t>({3, 2}));
  EXPECT_EQ(values<int64_t>(r), std::vector<int64_t>({11, 21, 12, 22, 13, 23}));
  // Leading dims are added on the left; size-1 dims stretch.
  EXPECT_EQ(vec((at::ones({4, 1, 3}) * at::ones({2, 1})).sizes()), std::vector<int64_t>({4, 2, 3}));
  EXPECT_EQ(vec((at::ones({0, 1}) + at::ones({3})).sizes()), std::vector<int64_t>({0, 3}));
  EXPECT_EQ(at::infer_size({5, 1, 4}, {3, 1}), std::vector<int64_t>({5, 3, 4}));
  EXPECT_C10_ERROR(at::ones({2, 3}) + at::ones({3, 2}),
                   "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1");
  EXPECT_C10_ERROR(at::ones({2, 3}) + at::ones({3, 2}), "shapes [2, 3] and [3, 2]");
}

TEST(ArithmeticTest, BroadcastOverNonContiguousOperands) {
  at::Tensor a = at::arange(6).view({2, 3}).t();  // [3,2] strides [1,3]
  at::Tensor b = at::arange(3).view({3, 1});       // broadcast along dim 1
  EXPECT_EQ(values<int64_t>(a * b), std::vector<int64_t>({0, 0, 1, 4, 4, 10}));
}

TEST(ArithmeticTest, TypePromotion) {
  at::Tensor i = at::ones({2}, at::kInt);
  at::Tensor l = at::ones({2}, at::kLong);
  at::Tensor f = at::ones({2}, at::kFloat);
  at::Tensor d = at::ones({2}, at::kDouble);
  at::Tensor u8 = at::ones({2}, at::kByte);
  at::Tensor i8 = at::ones({2}, at::kChar);
  at::Tensor b = at::ones({2}, at::kBool);
  EXPECT_EQ((i + l).scalar_type(), at::kLong);
  EXPECT_EQ((i + f).scalar_type(), at::kFloat);
  EXPECT_EQ((f + d).scalar_type(), at::kDouble);
  EXPECT_EQ((u8 + i8).scalar_type(), at::kShort);
  EXPECT_EQ((b + u8).scalar_type(), at::kByte);
  EXPECT_EQ((b + b).scalar_type(), at::kBool);
  EXPECT_EQ((i / i).scalar_type(), at::kFloat); // true division
  EXPECT_EQ((l / l).scalar_type(), at::kFloat);
  EXPECT_EQ((d / i).scalar_type(), at::kDouble);
}

TEST(ArithmeticTest, ScalarsAndZeroDimTensorsHaveLowerPriority) {
  at::Tensor i = at::ones({2}, at::kInt);
  EXPECT_EQ((i + 5).scalar_type(), at::kInt);           // int scalar: stays Int
  EXPECT_EQ((i + 2.5).scalar_type(), at::kFloat);       // float scalar: default dtype
  EXPECT_EQ((i * at::full({}, 3, at::kLong)).scalar_type(), at::kInt);   // 0-dim of same kind: ignored
  EXPECT_EQ((i * at::full({}, 3.0, at::kDouble)).scalar_type(), at::kDouble); // 0-dim of higher kind
  EXPECT_EQ((at::ones({2}, at::kByte) + 300).scalar_type(), at::kByte);
  EXPECT_EQ((at::ones({2}, at::kBool) + 1).scalar_type(), at::kLong);
  EXPECT_EQ(values<float>(i + 2.5), std::vector<float>({3.5, 3.5}));
  EXPECT_EQ(values<float>(10 - at::ones({2})), std::vector<float>({9, 9}));
  EXPECT_EQ(values<float>(3 * at::ones({2})), std::vector<float>({3, 3}));
  EXPECT_EQ(values<int32_t>(i.mul(7)), std::vector<int32_t>({7, 7}));
  EXPECT_EQ(values<float>(i.div(2)), std::vector<float>({0.5, 0.5}));
}

TEST(ArithmeticTest, InPlaceForms) {
  at::Tensor a = make<float>({1, 2, 3}, {3});
  at::Tensor alias = a;
  a.add_(make<float>({1, 1, 1}, {3}));
  a.mul_(2);
  a.sub_(1);
  a.div_(at::full({}, 2.0));
  EXPECT_EQ(values<float>(alias), std::vector<float>({1.5, 2.5, 3.5})); // same TensorImpl
  a += 1;
  a *= make<float>({2, 2, 2}, {3});
  a -= at::ones({1});
  a /= 2;
  EXPECT_EQ(values<float>(a), std::vector<float>({2, 3, 4}));
  at::Tensor m = at::zeros({2, 3});
  m.add_(make<float>({1, 2, 3}, {3})); // broadcasts other into self
  EXPECT_EQ(values<float>(m), std::vector<float>({1, 2, 3, 1, 2, 3}));
  at::Tensor x = at::arange(4).to(at::kFloat);
  x.add_(x); // self as the other operand
  EXPECT_EQ(values<float>(x), std::vector<float>({0, 2, 4, 6}));
  at::Tensor f = at::ones({2}, at::kFloat);
  f.add_(at::ones({2}, at::kDouble)); // Double result cast back to Float
  EXPECT_EQ(f.scalar_type(), at::kFloat);
  EXPECT_EQ(values<float>(f), std::vector<float>({2, 2}));
}

TEST(ArithmeticTest, InPlaceOnAView) {
  at::Tensor a = at::zeros({3, 3});
  a.t().select(0, 1).add_(5); // column 1
  EXPECT_EQ(values<float>(a), std::vector<float>({0, 5, 0, 0, 5, 0, 0, 5, 0}));
  at::Tensor b = at::arange(6);
  b.slice(0, 1).add_(b.slice(0, 0, 5)); // overlapping operands read a snapshot
  EXPECT_EQ(values<int64_t>(b), std::vector<int64_t>({0, 1, 3, 5, 7, 9}));
}

TEST(ArithmeticTest, InPlaceErrors) {
  EXPECT_C10_ERROR(at::ones({2}, at::kInt).div_(at::ones({2}, at::kInt)),
                   "result type Float can't be cast to the desired output type Int");
  EXPECT_C10_ERROR(at::ones({2}, at::kLong).add_(0.5), "result type Float can't be cast to the desired output type Long");
  EXPECT_C10_ERROR(at::ones({1, 3}).add_(at::ones({2, 3})),
                   "output with shape [1, 3] doesn't match the broadcast shape [2, 3]");
}

TEST(ArithmeticTest, IntegerOverflowWraps) {
  at::Tensor a = at::full({1}, INT32_MAX, at::kInt);
  EXPECT_EQ((a + 1).item<int64_t>(), INT32_MIN);
  at::Tensor b = at::full({1}, 200, at::kByte);
  EXPECT_EQ((b * 2).item<int64_t>(), 144);
  at::Tensor c = at::full({1}, INT64_MAX, at::kLong);
  EXPECT_EQ((c * c).item<int64_t>(), 1);
}

TEST(ArithmeticTest, BooleanArithmetic) {
  at::Tensor t = make<bool>({true, false, true}, {3});
  at::Tensor f = make<bool>({false, false, true}, {3});
  EXPECT_EQ(values<bool>(t + f), std::vector<bool>({true, false, true}));
  EXPECT_EQ(values<bool>(t * f), std::vector<bool>({false, false, true}));
  EXPECT_C10_ERROR(t - f, "Subtraction, the `-` operator, with two bool tensors is not supported");
  EXPECT_C10_ERROR(t.sub(at::ones({3})), "Subtraction, the `-` operator, with a bool tensor is not supported");
}

TEST(ArithmeticTest, AlphaRules) {
  EXPECT_C10_ERROR(at::ones({2}, at::kInt).add(at::ones({2}, at::kInt), 0.5),
                   "For integral input tensors, argument alpha must not be a floating point number.");
  EXPECT_EQ(values<int64_t>(at::ones({2}, at::kLong).sub(at::ones({2}, at::kLong), 3)),
            std::vector<int64_t>({-2, -2}));
}

TEST(ArithmeticTest, DivisionByZeroIsDefined) {
  at::Tensor r = at::ones({2}, at::kInt) / at::zeros({2}, at::kInt);
  EXPECT_TRUE(std::isinf(r.select(0, 0).item<float>()));
}

TEST(FillTest, FillAndZero) {
  at::Tensor a = at::empty({2, 3}, at::kDouble);
  a.fill_(2.5);
  EXPECT_EQ(values<double>(a), std::vector<double>(6, 2.5));
  a.t().select(0, 0).fill_(0); // a strided view
  EXPECT_EQ(values<double>(a), std::vector<double>({0, 2.5, 2.5, 0, 2.5, 2.5}));
  a.zero_();
  EXPECT_EQ(a.sum().item<double>(), 0.0);
  EXPECT_C10_ERROR(at::empty({2}, at::kByte).fill_(256), "value cannot be converted to type Byte without overflow");
  at::Tensor i = at::empty({1}, at::kInt);
  i.fill_(3.9); // truncates, as libtorch does
  EXPECT_EQ(i.item<int>(), 3);
}

TEST(MatmulTest, TwoByTwoAndRectangular) {
  at::Tensor a = make<float>({1, 2, 3, 4, 5, 6}, {2, 3});
  at::Tensor b = make<float>({1, 0, 0, 1, 1, 1}, {3, 2});
  EXPECT_EQ(values<float>(a.matmul(b)), std::vector<float>({4, 5, 10, 11}));
  EXPECT_EQ(values<float>(at::mm(a, b)), std::vector<float>({4, 5, 10, 11}));
  EXPECT_EQ(values<float>(a.matmul(a.t())), std::vector<float>({14, 32, 32, 77})); // non-contiguous operand
  EXPECT_EQ(vec(at::matmul(at::ones({0, 3}), at::ones({3, 2})).sizes()), std::vector<int64_t>({0, 2}));
  EXPECT_EQ(values<double>(at::ones({2, 0}, at::kDouble).mm(at::ones({0, 2}, at::kDouble))),
            std::vector<double>(4, 0.0));
}

TEST(MatmulTest, Errors) {
  EXPECT_C10_ERROR(at::ones({2, 3}).matmul(at::ones({2, 3})), "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
  EXPECT_C10_ERROR(at::ones({2, 3}).matmul(at::ones({3, 2}, at::kDouble)),
                   "expected mat1 and mat2 to have the same dtype, but got: Float != Double");
  EXPECT_C10_ERROR(at::ones({3}).matmul(at::ones({3})), "2-D x 2-D only, got sizes [3] and [3]");
  EXPECT_C10_ERROR(at::ones({2, 2}, at::kLong).mm(at::ones({2, 2}, at::kLong)), "got Long");
}

} // namespace
