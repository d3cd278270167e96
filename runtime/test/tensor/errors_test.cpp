// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Bad input never reaches undefined behaviour: each case throws c10::Error
// whose message names the offending shapes, dims or types.

#include "tensor_test_util.h"

namespace {

TEST(ErrorsTest, MessagesNameShapesAndTypes) {
  at::Tensor a = at::ones({2, 3});
  EXPECT_C10_ERROR(a.view({4}), "shape '[4]' is invalid for input of size 6");
  EXPECT_C10_ERROR(a.reshape({4, -1}), "shape '[4, -1]' is invalid for input of size 6");
  EXPECT_C10_ERROR(a.mul(at::ones({4})), "The size of tensor a (3) must match the size of tensor b (4)");
  EXPECT_C10_ERROR(a.transpose(0, 2), "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  EXPECT_C10_ERROR(a.size(-3), "but got -3");
  EXPECT_C10_ERROR(a.narrow(0, 3, 1), "start out of range");
  EXPECT_C10_ERROR(a.data_ptr<double>(), "expected scalar type Double but found Float");
  EXPECT_C10_ERROR(a.item<float>(), "a Tensor with 6 elements cannot be converted to Scalar");
  EXPECT_C10_ERROR(a.equal(at::ones({2, 3}, at::kInt)), "Expected object of scalar type Float but got scalar type Int");
  EXPECT_C10_ERROR(a.copy_(at::Tensor()), "source tensor is undefined");
  EXPECT_C10_ERROR(at::full({2}, -1, at::kByte).fill_(-200), "without overflow");
}

TEST(ErrorsTest, EqualComparesShapeAndValues) {
  EXPECT_TRUE(at::arange(4).equal(at::arange(4)));
  EXPECT_FALSE(at::arange(4).equal(at::arange(4).view({2, 2})));
  EXPECT_FALSE(at::arange(4).equal(at::arange(1, 5)));
  EXPECT_TRUE(at::equal(at::arange(4).view({2, 2}).t(), at::arange(4).view({2, 2}).t().contiguous()));
}

TEST(ErrorsTest, AStorageTooSmallForTheViewIsRejected) {
  std::vector<float> data(4);
  EXPECT_C10_ERROR(at::from_blob(data.data(), {2}, {-1}), "negative strides are not supported");
  at::Tensor t = at::ones({4});
  EXPECT_C10_ERROR(t.unsafeGetTensorImpl()->set_sizes_and_strides({3}, {2}, 0), "out of bounds for storage of size 16");
  EXPECT_C10_ERROR(t.unsafeGetTensorImpl()->set_sizes_and_strides({1}, {1}, -1), "invalid storage offset -1");
}

} // namespace
