// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// TensorImpl, UndefinedTensorImpl and the at::Tensor handle: refcounts,
// release of the storage, metadata, typed data access, printing.

#include "tensor_test_util.h"

#include <c10/core/TensorImpl.h>
#include <c10/core/UndefinedTensorImpl.h>
#include <c10/util/MaybeOwned.h>
#include <c10/util/intrusive_ptr.h>

#include <sstream>

namespace {

using tensor_test::values;
using tensor_test::vec;

TEST(TensorImplTest, NewImplIsOneDimensionalEmpty) {
  c10::TensorImpl impl(c10::Storage(c10::Storage::use_byte_size_t(), 0), c10::kFloat);
  EXPECT_EQ(impl.dim(), 1);
  EXPECT_EQ(impl.numel(), 0);
  EXPECT_EQ(vec(impl.sizes()), std::vector<int64_t>({0}));
}

TEST(TensorImplTest, SizesStridesAndContiguity) {
  at::Tensor t = at::empty({2, 3, 4});
  EXPECT_EQ(vec(t.sizes()), std::vector<int64_t>({2, 3, 4}));
  EXPECT_EQ(vec(t.strides()), std::vector<int64_t>({12, 4, 1}));
  EXPECT_EQ(t.dim(), 3);
  EXPECT_EQ(t.numel(), 24);
  EXPECT_EQ(t.size(-1), 4);
  EXPECT_EQ(t.stride(0), 12);
  EXPECT_TRUE(t.is_contiguous());
  EXPECT_FALSE(t.transpose(0, 2).is_contiguous());
  EXPECT_EQ(t.element_size(), 4);
  EXPECT_EQ(t.nbytes(), 96u);
}

TEST(TensorImplTest, ManyDimensionsLiveOnTheHeap) {
  std::vector<int64_t> shape(9, 2);
  at::Tensor t = at::ones(shape, at::kInt);
  EXPECT_EQ(t.dim(), 9);
  EXPECT_EQ(t.numel(), 512);
  EXPECT_EQ(t.stride(0), 256);
  EXPECT_EQ(t.sum().item<int64_t>(), 512);
  at::Tensor v = t.view({2, 256}); // heap -> inline
  EXPECT_EQ(v.stride(0), 256);
  at::Tensor back = v.view(shape); // inline -> heap
  EXPECT_EQ(vec(back.sizes()), shape);
}

TEST(TensorImplTest, SetSizesAndStridesChecksStorageBounds) {
  at::Tensor t = at::empty({4});
  EXPECT_C10_ERROR(t.unsafeGetTensorImpl()->set_sizes_and_strides({5}, {1}, 0), "out of bounds for storage of size 16");
  EXPECT_C10_ERROR(t.unsafeGetTensorImpl()->set_sizes_and_strides({2}, {1}, 3), "requiring a storage size of 20");
  t.unsafeGetTensorImpl()->set_sizes_and_strides({2, 2}, {1, 2}, 0); // in bounds: fine
  EXPECT_EQ(vec(t.strides()), std::vector<int64_t>({1, 2}));
  EXPECT_FALSE(t.is_contiguous());
}

TEST(TensorImplTest, UndefinedTensorUsesTheSingleton) {
  at::Tensor u;
  EXPECT_FALSE(u.defined());
  EXPECT_EQ(u.unsafeGetTensorImpl(), c10::UndefinedTensorImpl::singleton());
  EXPECT_EQ(u.use_count(), 0u);
  EXPECT_EQ(u.dim(), 1); // libtorch's undefined shape: [0]
  EXPECT_EQ(u.numel(), 0);
  EXPECT_EQ(u.scalar_type(), c10::ScalarType::Undefined);
  EXPECT_FALSE(u.has_storage());
  EXPECT_C10_ERROR(u.strides(), "strides() called on an undefined Tensor");
  EXPECT_C10_ERROR(u.data_ptr(), "undefined Tensor");
  EXPECT_C10_ERROR(u.add(u), "add");
  EXPECT_C10_ERROR(u.view({1}), "undefined Tensor");
  EXPECT_TRUE(u.is_same(at::Tensor()));
  EXPECT_EQ(u.toString(), "UndefinedType");
}

TEST(TensorHandleTest, CopyShareMoveAndReset) {
  at::Tensor a = at::zeros({2});
  EXPECT_EQ(a.use_count(), 1u);
  at::Tensor b = a;
  EXPECT_EQ(a.use_count(), 2u);
  EXPECT_TRUE(a.is_same(b));
  at::Tensor c = std::move(b);
  EXPECT_FALSE(b.defined()); // NOLINT(bugprone-use-after-move): moved-from is undefined
  EXPECT_EQ(a.use_count(), 2u);
  c.reset();
  EXPECT_EQ(a.use_count(), 1u);
  // Writes through one handle are seen by the other: same TensorImpl.
  at::Tensor d = a;
  d.fill_(3);
  EXPECT_EQ(values<float>(a), std::vector<float>({3, 3}));
}

TEST(TensorHandleTest, ReleaseAndReclaimKeepTheCount) {
  at::Tensor a = at::zeros({2});
  at::Tensor b = a;
  c10::TensorImpl* raw = b.unsafeReleaseTensorImpl();
  EXPECT_FALSE(b.defined());
  EXPECT_EQ(a.use_count(), 2u); // the raw pointer still owns one
  at::Tensor c(at::Tensor::ImplPtr::reclaim(raw));
  EXPECT_EQ(a.use_count(), 2u);
  EXPECT_EQ(c.getIntrusivePtr().get(), a.unsafeGetTensorImpl());
  at::Tensor::ImplPtr p = c.unsafeReleaseIntrusivePtr();
  EXPECT_EQ(a.use_count(), 2u);
  at::Tensor d = at::Tensor::wrap_tensor_impl(std::move(p));
  EXPECT_TRUE(d.is_same(a));
}

TEST(TensorHandleTest, ViewsShareStorageNotTensorImpl) {
  at::Tensor a = at::zeros({4});
  at::Tensor v = a.view({2, 2});
  EXPECT_FALSE(v.is_same(a));
  EXPECT_TRUE(v.is_alias_of(a));
  EXPECT_EQ(a.use_count(), 1u);
  EXPECT_EQ(a.storage().use_count(), 2u);
  EXPECT_FALSE(a.clone().is_alias_of(a));
}

TEST(TensorHandleTest, LastStrongReferenceWithWeakOnesReleasesTheStorage) {
  at::Tensor a = at::ones({1024});
  c10::Storage observer_storage = a.storage(); // a second storage owner, to watch its count
  EXPECT_EQ(observer_storage.use_count(), 2u);
  c10::weak_intrusive_ptr<c10::TensorImpl, c10::UndefinedTensorImpl> weak(a.getIntrusivePtr());
  a.reset();
  // The TensorImpl's memory lives on for the weak pointer, but
  // release_resources() dropped its storage reference already.
  EXPECT_TRUE(weak.expired());
  EXPECT_EQ(observer_storage.use_count(), 1u);
}

TEST(TensorHandleTest, MaybeOwnedBorrowsWithoutCounting) {
  at::Tensor a = at::ones({2});
  {
    auto borrowed = c10::MaybeOwned<at::Tensor>::borrowed(a);
    EXPECT_EQ(a.use_count(), 1u);
    EXPECT_TRUE(borrowed->is_same(a));
    auto copy = borrowed;
    EXPECT_EQ(a.use_count(), 1u);
    auto owned = c10::MaybeOwned<at::Tensor>::owned(at::Tensor(a));
    EXPECT_EQ(a.use_count(), 2u);
  }
  EXPECT_EQ(a.use_count(), 1u);
}

TEST(TensorDataTest, TypedAccessChecksTheDtype) {
  at::Tensor t = at::zeros({3}, at::kInt);
  EXPECT_NE(t.data_ptr<int32_t>(), nullptr);
  EXPECT_C10_ERROR(t.data_ptr<float>(), "expected scalar type Float but found Int");
  EXPECT_C10_ERROR(t.data_ptr<int64_t>(), "expected scalar type Long but found Int");
}

TEST(TensorDataTest, ItemConvertsAndChecks) {
  EXPECT_EQ(at::full({}, 7).item<int64_t>(), 7);
  EXPECT_EQ(at::full({1, 1}, 2.5).item<double>(), 2.5);
  EXPECT_EQ(at::full({1}, 2.5).item<int>(), 2); // converts, as libtorch does
  EXPECT_TRUE(at::full({}, true).item<bool>());
  EXPECT_TRUE(at::full({}, true).item().isBoolean());
  EXPECT_TRUE(at::full({}, 3).item().isIntegral(false));
  EXPECT_C10_ERROR(at::ones({2}).item<float>(), "a Tensor with 2 elements cannot be converted to Scalar");
  EXPECT_C10_ERROR(at::full({}, 300).item<int8_t>(), "value cannot be converted to type Char without overflow");
  EXPECT_C10_ERROR(at::full({}, 1e300, at::kDouble).item<float>(), "type Float without overflow");
}

TEST(TensorDataTest, DataPtrHonoursStorageOffset) {
  at::Tensor t = at::arange(10);
  at::Tensor s = t.slice(0, 3);
  EXPECT_EQ(s.storage_offset(), 3);
  EXPECT_EQ(s.data_ptr<int64_t>(), t.data_ptr<int64_t>() + 3);
  EXPECT_EQ(*s.data_ptr<int64_t>(), 3);
}

TEST(TensorPrintTest, PrintsValuesShapeAndType) {
  std::ostringstream out;
  out << tensor_test::make<int64_t>({1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(out.str(), "[[1, 2],\n [3, 4]]\n[ CPULongType{2,2} ]");
  std::ostringstream t;
  t << tensor_test::make<float>({0.5f, 1.0f}, {2}).view({1, 2}).t();
  EXPECT_EQ(t.str(), "[[0.5],\n [1]]\n[ CPUFloatType{2,1} ]");
  std::ostringstream b;
  b << at::full({}, true) << " " << at::empty({0}) << " " << at::Tensor();
  EXPECT_EQ(b.str(), "True\n[ CPUBoolType{} ] []\n[ CPUFloatType{0} ] [ Tensor (undefined) ]");
  std::ostringstream nc;
  nc << at::arange(6).view({2, 3}).t();
  EXPECT_NE(nc.str().find("strides [1, 3]"), std::string::npos) << nc.str();
  EXPECT_EQ(at::ones({1}, at::kDouble).toString(), "CPUDoubleType");
}

} // namespace
