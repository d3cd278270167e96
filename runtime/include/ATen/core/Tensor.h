// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/core/Device.h>
#include <c10/core/Scalar.h>
#include <c10/core/ScalarType.h>
#include <c10/core/Storage.h>
#include <c10/core/SymInt.h>
#include <c10/core/TensorImpl.h>
#include <c10/core/TensorOptions.h>
#include <c10/core/UndefinedTensorImpl.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>

#include <type_traits>
#include <c10/util/MaybeOwned.h>
#include <c10/util/intrusive_ptr.h>

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

namespace c10 {
struct IValue;
} // namespace c10

namespace at {

using c10::TensorImpl;
using c10::UndefinedTensorImpl;
using c10::DispatchKeySet;

// A reference-counted handle on a TensorImpl. Copying a Tensor shares the
// TensorImpl (one atomic increment), it never copies the data; `b = a` makes
// b and a the same tensor, `b = a.view(...)` a new TensorImpl on the same
// storage, `b = a.clone()` new bytes. A default-constructed Tensor is
// undefined: it points at UndefinedTensorImpl::singleton(), and every
// operation except the handle queries (defined(), use_count(), is_same(),
// reset()) and sizes()/dim()/numel() (libtorch's undefined shape: [0]) throws
// c10::Error.
//
// What a tensor is, without the operators: PyTorch 2.x splits at::Tensor into
// TensorBase (metadata and data access, declared in a header that does not
// pull in every operator) and Tensor (which adds the operators). Code written
// for 2.x takes `const TensorBase&` where no operator is needed; a Tensor is a
// TensorBase, and a Tensor can be made from one. One pointer, as Tensor.
class TensorBase {
 public:
  using ImplPtr = c10::intrusive_ptr<TensorImpl, UndefinedTensorImpl>;

  TensorBase() = default;
  explicit TensorBase(ImplPtr impl) : impl_(std::move(impl)) {
    TORCH_CHECK(impl_.get() != nullptr, "TensorImpl with nullptr is not supported");
  }

 protected:
  // For a pointer known to be non-null (the IValue word's), without the test.
  struct KnownNonNull {};
  TensorBase(ImplPtr impl, KnownNonNull /*unused*/) noexcept : impl_(std::move(impl)) {}

 public:
  TensorBase(const TensorBase&) = default;
  TensorBase(TensorBase&&) noexcept = default;
  ~TensorBase() = default;
  // Assignment rebinds the handle (libtorch restricts assignment of a tensor
  // to rvalues-of-self for its operator= overloads that copy data; here
  // assignment is always a handle copy).
  TensorBase& operator=(const TensorBase&) & = default;
  TensorBase& operator=(TensorBase&&) & noexcept = default;


  // Handle queries, valid on an undefined tensor.
  bool defined() const noexcept { return impl_.defined(); }
  void reset() noexcept { impl_.reset(); }
  size_t use_count() const noexcept { return impl_.use_count(); }
  size_t weak_use_count() const noexcept { return impl_.weak_use_count(); }
  bool is_same(const TensorBase& other) const noexcept { return impl_ == other.impl_; }
  TensorImpl* unsafeGetTensorImpl() const noexcept { return impl_.get(); }
  // Gives up this handle's reference; the caller owns it now (reclaim it with
  // ImplPtr::reclaim). The tensor becomes undefined.
  TensorImpl* unsafeReleaseTensorImpl() noexcept { return impl_.release(); }
  const ImplPtr& getIntrusivePtr() const noexcept { return impl_; }
  ImplPtr unsafeReleaseIntrusivePtr() noexcept { return std::move(impl_); }

  // Metadata.
  IntArrayRef sizes() const noexcept { return impl_->sizes(); }
  IntArrayRef strides() const {
    check_defined("strides");
    return impl_->strides();
  }
  int64_t size(int64_t dim) const { return impl_->size(dim); }
  int64_t stride(int64_t dim) const {
    check_defined("stride");
    return impl_->stride(dim);
  }
  int64_t dim() const noexcept { return impl_->dim(); }
  int64_t ndimension() const noexcept { return dim(); }
  int64_t numel() const noexcept { return impl_->numel(); }
  int64_t storage_offset() const {
    check_defined("storage_offset");
    return impl_->storage_offset();
  }
  ScalarType scalar_type() const noexcept { return impl_->scalar_type(); }
  caffe2::TypeMeta dtype() const noexcept { return impl_->dtype(); }
  DispatchKeySet key_set() const noexcept { return impl_->key_set(); }
  int64_t element_size() const {
    check_defined("element_size");
    return static_cast<int64_t>(impl_->itemsize());
  }
  size_t nbytes() const {
    check_defined("nbytes");
    return static_cast<size_t>(numel()) * impl_->itemsize();
  }
  bool is_contiguous() const {
    check_defined("is_contiguous");
    return impl_->is_contiguous();
  }
  Device device() const {
    check_defined("device");
    return impl_->device();
  }
  TensorOptions options() const { return TensorOptions(scalar_type()).device(device()); }
  bool has_storage() const noexcept { return defined() && impl_->has_storage(); }
  const Storage& storage() const {
    check_defined("storage");
    return impl_->storage();
  }
  bool is_alias_of(const TensorBase& other) const {
    return has_storage() && other.has_storage() && storage().is_alias_of(other.storage());
  }

  // Data access. data_ptr<T>() checks that T is the element type.
  void* data_ptr() const {
    check_defined("data_ptr");
    return impl_->data();
  }
  template <typename T>
  T* data_ptr() const {
    check_defined("data_ptr");
    return impl_->data<T>();
  }
  // The single element of a one-element tensor, converted to T (libtorch's
  // checked conversion: an out-of-range value throws).

  // PyTorch 2.x's data accessors: a const view of the data, or a mutable one
  // (2.x distinguishes them for copy-on-write storages; the runtime's
  // storages are never copy-on-write, so both are the data pointer).
  const void* const_data_ptr() const {
    check_defined("const_data_ptr");
    return impl_->data();
  }
  void* mutable_data_ptr() const {
    check_defined("mutable_data_ptr");
    return impl_->data();
  }
  template <typename T>
  const T* const_data_ptr() const {
    check_defined("const_data_ptr");
    return impl_->data<T>();
  }
  template <typename T>
  T* mutable_data_ptr() const {
    check_defined("mutable_data_ptr");
    return impl_->data<T>();
  }

  // The device index, -1 on the CPU (as PyTorch 2.x's get_device()).
  int64_t get_device() const {
    const Device d = device();
    return d.is_cpu() ? -1 : d.index();
  }

  // Sizes as SymInts: the runtime's sizes are always concrete, so these are
  // views of the integer sizes.
  c10::SymIntArrayRef sym_sizes() const { return c10::fromIntArrayRefUnchecked(sizes()); }
  c10::SymIntArrayRef sym_strides() const { return c10::fromIntArrayRefUnchecked(strides()); }
  c10::SymInt sym_size(int64_t dim) const { return size(dim); }
  c10::SymInt sym_stride(int64_t dim) const { return stride(dim); }
  c10::SymInt sym_numel() const { return numel(); }
  c10::SymInt sym_storage_offset() const { return storage_offset(); }
  c10::SymInt sym_nbytes() const { return static_cast<int64_t>(nbytes()); }

 protected:
  void check_defined(const char* what) const {
    if (C10_UNLIKELY(!defined())) fail_undefined(what);
  }
  [[noreturn]] static void fail_undefined(const char* what);

  ImplPtr impl_;
};

class Tensor : public TensorBase {
 public:
  Tensor() = default;
  explicit Tensor(ImplPtr impl) : TensorBase(std::move(impl)) {}
  Tensor(const Tensor&) = default;
  Tensor(Tensor&&) noexcept = default;
  ~Tensor() = default;
  // Assignment rebinds the handle (libtorch restricts assignment of a tensor
  // to rvalues-of-self for its operator= overloads that copy data; here
  // assignment is always a handle copy).
  Tensor& operator=(const Tensor&) & = default;
  Tensor& operator=(Tensor&&) & noexcept = default;

  // From a TensorBase, as PyTorch 2.x allows implicitly.
  Tensor(const TensorBase& base) : TensorBase(base) {} // NOLINT(google-explicit-constructor)
  Tensor(TensorBase&& base) noexcept : TensorBase(std::move(base)) {} // NOLINT(google-explicit-constructor)
  static Tensor wrap_tensor_impl(ImplPtr impl) { return Tensor(std::move(impl)); }

  // Borrows this tensor when it is already contiguous, else owns a
  // contiguous copy (PyTorch 2.x).
  c10::MaybeOwned<Tensor> expect_contiguous() const&;
  c10::MaybeOwned<Tensor> expect_contiguous() && = delete;

  template <typename T>
  T item() const {
    return item().to<T>();
  }
  Scalar item() const;

  // Views: new TensorImpls on the same storage (see docs/runtime-tensor.md).
  Tensor view(IntArrayRef size) const;
  Tensor reshape(IntArrayRef shape) const;
  Tensor select(int64_t dim, int64_t index) const;
  Tensor slice(int64_t dim = 0, std::optional<int64_t> start = std::nullopt,
               std::optional<int64_t> end = std::nullopt, int64_t step = 1) const;
  Tensor narrow(int64_t dim, int64_t start, int64_t length) const;
  Tensor transpose(int64_t dim0, int64_t dim1) const;
  Tensor t() const;
  Tensor permute(IntArrayRef dims) const;
  Tensor expand(IntArrayRef size, bool implicit = false) const;
  Tensor expand_as(const Tensor& other) const;
  Tensor squeeze() const;
  Tensor squeeze(int64_t dim) const;
  Tensor unsqueeze(int64_t dim) const;

  // Copies.
  Tensor contiguous() const;
  Tensor clone() const;
  // Elementwise ==: a Bool tensor. The runtime compares tensors of one dtype
  // and one shape only (no promotion, no broadcasting).
  Tensor eq(const Tensor& other) const;
  Tensor& copy_(const Tensor& src, bool non_blocking = false) const;
  Tensor to(ScalarType dtype, bool non_blocking = false, bool copy = false) const;
  // The runtime has only CPU tensors: to(kCPU) is the tensor itself (or a
  // copy if asked), any other device throws c10::Error.
  Tensor to(Device device, bool non_blocking = false, bool copy = false) const;

  // Arithmetic, with broadcasting and type promotion.
  Tensor add(const Tensor& other, const Scalar& alpha = 1) const;
  Tensor add(const Scalar& other, const Scalar& alpha = 1) const;
  Tensor sub(const Tensor& other, const Scalar& alpha = 1) const;
  Tensor sub(const Scalar& other, const Scalar& alpha = 1) const;
  Tensor mul(const Tensor& other) const;
  Tensor mul(const Scalar& other) const;
  Tensor div(const Tensor& other) const;
  Tensor div(const Scalar& other) const;
  Tensor& add_(const Tensor& other, const Scalar& alpha = 1) const;
  Tensor& add_(const Scalar& other, const Scalar& alpha = 1) const;
  Tensor& sub_(const Tensor& other, const Scalar& alpha = 1) const;
  Tensor& sub_(const Scalar& other, const Scalar& alpha = 1) const;
  Tensor& mul_(const Tensor& other) const;
  Tensor& mul_(const Scalar& other) const;
  Tensor& div_(const Tensor& other) const;
  Tensor& div_(const Scalar& other) const;
  Tensor& fill_(const Scalar& value) const;
  Tensor& zero_() const;

  Tensor& operator+=(const Tensor& other) const { return add_(other); }
  Tensor& operator+=(const Scalar& other) const { return add_(other); }
  Tensor& operator-=(const Tensor& other) const { return sub_(other); }
  Tensor& operator-=(const Scalar& other) const { return sub_(other); }
  Tensor& operator*=(const Tensor& other) const { return mul_(other); }
  Tensor& operator*=(const Scalar& other) const { return mul_(other); }
  Tensor& operator/=(const Tensor& other) const { return div_(other); }
  Tensor& operator/=(const Scalar& other) const { return div_(other); }

  // Reductions. Integral and bool inputs sum to Long; mean needs a floating
  // input, as in libtorch.
  Tensor sum(std::optional<ScalarType> dtype = std::nullopt) const;
  Tensor sum(IntArrayRef dim, bool keepdim = false, std::optional<ScalarType> dtype = std::nullopt) const;
  Tensor mean(std::optional<ScalarType> dtype = std::nullopt) const;
  Tensor mean(IntArrayRef dim, bool keepdim = false, std::optional<ScalarType> dtype = std::nullopt) const;

  Tensor matmul(const Tensor& other) const;
  Tensor mm(const Tensor& mat2) const;
  // Same shape and same values (libtorch's equal; dtypes must match).
  bool equal(const Tensor& other) const;

  // Makes this tensor view `source` with the given geometry (contiguous
  // strides if `stride` is empty); other tensors on the old storage keep it.
  Tensor& set_(Storage source, int64_t storage_offset, IntArrayRef size, IntArrayRef stride = {}) const;

  // Moves the storage into a POSIX shared-memory segment (no-op if already
  // there); every tensor on the same storage follows. See docs/runtime-tensor.md.
  // Not in libtorch's C++ API (Python's Tensor.share_memory_ is).
  Tensor& share_memory_();
  bool is_shared() const;

  std::string toString() const;

 private:
  // c10::IValue stores a tensor as its TensorImpl pointer and creates the
  // Tensor object in that word on access: the word already holds the
  // reference and is never null, so neither a refcount change nor a check.
  friend struct c10::IValue;
  struct InWord {};
  Tensor(TensorImpl* impl, InWord /*unused*/) noexcept
      : TensorBase(ImplPtr(impl, c10::raw::DontIncreaseRefcount{}), KnownNonNull{}) {}

};

Tensor operator+(const Tensor& a, const Tensor& b);
Tensor operator+(const Tensor& a, const Scalar& b);
Tensor operator+(const Scalar& a, const Tensor& b);
Tensor operator-(const Tensor& a, const Tensor& b);
Tensor operator-(const Tensor& a, const Scalar& b);
Tensor operator-(const Scalar& a, const Tensor& b);
Tensor operator*(const Tensor& a, const Tensor& b);
Tensor operator*(const Tensor& a, const Scalar& b);
Tensor operator*(const Scalar& a, const Tensor& b);
Tensor operator/(const Tensor& a, const Tensor& b);
Tensor operator/(const Tensor& a, const Scalar& b);

// Prints shape, dtype, strides when not contiguous, and the values. The
// layout is the runtime's own, not libtorch's pretty printer.
std::ostream& operator<<(std::ostream& out, const Tensor& t);

// An optional reference to a tensor: empty, or a borrow of a tensor (its
// TensorImpl pointer without a reference, as libtorch's OptionalTensorRef
// holds it). The element type of IOptTensorListRef. Copying it copies the
// pointer and never touches the TensorImpl, so a copy made after the tensor
// is gone is harmless as long as it is not dereferenced.
class OptionalTensorRef {
 public:
  OptionalTensorRef() = default;
  OptionalTensorRef(const Tensor& t) : ref_(borrow(t)) {} // NOLINT(google-explicit-constructor): as libtorch
  OptionalTensorRef(const OptionalTensorRef& rhs) : ref_(borrow(rhs.ref_)) {}
  OptionalTensorRef& operator=(const OptionalTensorRef& rhs) {
    ref_.unsafeReleaseTensorImpl();
    ref_ = borrow(rhs.ref_);
    return *this;
  }
  ~OptionalTensorRef() { ref_.unsafeReleaseTensorImpl(); }

  bool has_value() const noexcept { return ref_.defined(); }
  const Tensor& getTensorRef() const& { return ref_; }
  const Tensor& operator*() const& { return ref_; }
  const Tensor* operator->() const& { return &ref_; }
  explicit operator bool() const noexcept { return has_value(); }

 private:
  static Tensor borrow(const Tensor& t) {
    return Tensor(Tensor::ImplPtr(t.unsafeGetTensorImpl(), c10::raw::DontIncreaseRefcount{}));
  }
  Tensor ref_;
};

namespace detail {
// A tensor on a newly made TensorImpl (or subclass) built from `args`.
template <class T, class... Args>
Tensor make_tensor(Args&&... args) {
  if constexpr (std::is_same<T, c10::TensorImpl>::value) {
    return Tensor(c10::make_intrusive<T, c10::UndefinedTensorImpl>(std::forward<Args>(args)...));
  } else {
    // A subclass: made with its own null type, then handed over as a TensorImpl.
    c10::intrusive_ptr<T> made = c10::make_intrusive<T>(std::forward<Args>(args)...);
    return Tensor(c10::intrusive_ptr<c10::TensorImpl, c10::UndefinedTensorImpl>::reclaim(made.release()));
  }
}
} // namespace detail

} // namespace at

namespace c10 {

// MaybeOwned<Tensor>::borrowed(t) copies the handle bits without touching the
// refcount, as libtorch does for TensorBase.
template <>
struct MaybeOwnedTraits<at::Tensor> {
  using owned_type = at::Tensor;
  using borrow_type = at::Tensor;

  static borrow_type createBorrow(const owned_type& from) {
    return borrow_type(at::Tensor::ImplPtr::reclaim(from.unsafeGetTensorImpl()));
  }
  static void assignBorrow(borrow_type& lhs, const borrow_type& rhs) {
    lhs.unsafeReleaseTensorImpl();
    lhs = borrow_type(at::Tensor::ImplPtr::reclaim(rhs.unsafeGetTensorImpl()));
  }
  static void destroyBorrow(borrow_type& toDestroy) { toDestroy.unsafeReleaseTensorImpl(); }
  // The borrow is the caller's MaybeOwned member, which outlives the result.
  static const owned_type& referenceFromBorrow(const borrow_type& borrow) {
    return borrow; // NOLINT(bugprone-return-const-ref-from-parameter)
  }
  static const owned_type* pointerFromBorrow(const borrow_type& borrow) { return &borrow; }
  static bool debugBorrowIsValid(const borrow_type& /*borrow*/) { return true; }
};

} // namespace c10

namespace at {
inline c10::MaybeOwned<Tensor> Tensor::expect_contiguous() const& {
  if (is_contiguous()) {
    return c10::MaybeOwned<Tensor>::borrowed(*this);
  }
  return c10::MaybeOwned<Tensor>::owned(contiguous());
}
} // namespace at
