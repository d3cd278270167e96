// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// DLPack export and import: zero-copy, metadata, deleters exactly once.

#include "tensor_test_util.h"

#include <ATen/DLConvertor.h>

namespace {

using tensor_test::values;
using tensor_test::vec;

TEST(DLPackTest, ExportSharesBytesAndKeepsTheTensorAlive) {
  at::Tensor a = at::arange(6).view({2, 3}).t(); // non-contiguous
  DLManagedTensor* m = at::toDLPack(a);
  EXPECT_EQ(m->dl_tensor.data, a.data_ptr());
  EXPECT_EQ(m->dl_tensor.ndim, 2);
  EXPECT_EQ(m->dl_tensor.shape[0], 3);
  EXPECT_EQ(m->dl_tensor.strides[0], 1);
  EXPECT_EQ(m->dl_tensor.strides[1], 3);
  EXPECT_EQ(m->dl_tensor.dtype.code, kDLInt);
  EXPECT_EQ(m->dl_tensor.dtype.bits, 64);
  EXPECT_EQ(m->dl_tensor.device.device_type, kDLCPU);
  EXPECT_EQ(a.use_count(), 2u); // the managed tensor holds a reference
  c10::Storage watch = a.storage();
  a.reset();
  EXPECT_EQ(watch.use_count(), 2u);
  m->deleter(m);
  EXPECT_EQ(watch.use_count(), 1u);
}

TEST(DLPackTest, RoundTripIsZeroCopy) {
  at::Tensor a = at::ones({2, 2}, at::kDouble);
  at::Tensor b = at::fromDLPack(at::toDLPack(a));
  EXPECT_EQ(b.data_ptr(), a.data_ptr());
  EXPECT_EQ(b.scalar_type(), at::kDouble);
  b.fill_(3);
  EXPECT_EQ(a.sum().item<double>(), 12.0);
  for (at::ScalarType t : {at::kFloat, at::kDouble, at::kLong, at::kInt, at::kShort, at::kChar, at::kByte}) {
    at::Tensor x = at::ones({3}, t);
    EXPECT_EQ(at::fromDLPack(at::toDLPack(x)).scalar_type(), t);
  }
  // DLPack 0.6 has no bool: libtorch exports it as uint8, and it comes back as Byte.
  EXPECT_EQ(at::getDLDataType(at::ones({1}, at::kBool)).code, kDLUInt);
}

struct Producer {
  int deleted = 0;
  std::vector<float> data = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<int64_t> shape = {2, 3};
  std::vector<int64_t> strides = {4, 1};
  // make() assigns every field, the device included, before the tensor is used.
  DLManagedTensor managed{};  // NOLINT(bugprone-invalid-enum-default-initialization)

  DLManagedTensor* make(void* data_ptr, uint64_t byte_offset, int64_t* strides_ptr) {
    managed.dl_tensor.data = data_ptr;
    managed.dl_tensor.device = DLDevice{kDLCPU, 0};
    managed.dl_tensor.ndim = 2;
    managed.dl_tensor.dtype = DLDataType{kDLFloat, 32, 1};
    managed.dl_tensor.shape = shape.data();
    managed.dl_tensor.strides = strides_ptr;
    managed.dl_tensor.byte_offset = byte_offset;
    managed.manager_ctx = this;
    managed.deleter = [](DLManagedTensor* self) { ++static_cast<Producer*>(self->manager_ctx)->deleted; };
    return &managed;
  }
};

TEST(DLPackTest, ImportViewsForeignMemoryAndCallsDeleterOnce) {
  Producer p;
  {
    at::Tensor t = at::fromDLPack(p.make(p.data.data(), sizeof(float), p.strides.data()));
    EXPECT_EQ(vec(t.sizes()), std::vector<int64_t>({2, 3}));
    EXPECT_EQ(vec(t.strides()), std::vector<int64_t>({4, 1}));
    EXPECT_EQ(values<float>(t), std::vector<float>({2, 3, 4, 6, 7, 8})); // byte_offset skips one float
    at::Tensor v = t.select(1, 0);
    t.reset();
    EXPECT_EQ(p.deleted, 0);
    v.fill_(0);
    EXPECT_EQ(p.data[1], 0.f);
  }
  EXPECT_EQ(p.deleted, 1);
}

TEST(DLPackTest, NullStridesMeanRowMajor) {
  Producer p;
  {
    at::Tensor t = at::fromDLPack(p.make(p.data.data(), 0, nullptr));
    EXPECT_EQ(vec(t.strides()), std::vector<int64_t>({3, 1}));
    EXPECT_TRUE(t.is_contiguous());
  }
  EXPECT_EQ(p.deleted, 1);
}

TEST(DLPackTest, RejectedInputLeavesOwnershipWithTheCaller) {
  Producer p;
  DLManagedTensor* m = p.make(p.data.data(), 0, nullptr);
  m->dl_tensor.device.device_type = kDLCUDA;
  EXPECT_C10_ERROR(at::fromDLPack(m), "only CPU tensors are supported");
  m->dl_tensor.device.device_type = kDLCPU;
  m->dl_tensor.dtype = DLDataType{kDLFloat, 16, 1};
  EXPECT_C10_ERROR(at::fromDLPack(m), "unsupported DLPack dtype (code 2, bits 16)");
  m->dl_tensor.dtype = DLDataType{kDLFloat, 32, 4};
  EXPECT_C10_ERROR(at::fromDLPack(m), "lanes other than 1");
  EXPECT_EQ(p.deleted, 0);
  m->deleter(m);
  EXPECT_EQ(p.deleted, 1);
}

TEST(DLPackTest, ExportOfUndefinedIsAnError) {
  EXPECT_C10_ERROR(at::toDLPack(at::Tensor()), "undefined");
}

} // namespace
