// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/core/Device.h>
#include <c10/core/DispatchKeySet.h>
#include <c10/core/ScalarType.h>
#include <c10/core/Storage.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>
#include <c10/util/Optional.h>
#include <c10/util/intrusive_ptr.h>
#include <c10/util/typeid.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>

namespace c10 {

namespace detail {
// The object addresses an IValue can hold in its word (ATen/core/ivalue.h,
// Note [IValue word layout]): past the never-mapped first page, 8-byte
// aligned, below 2^48. Defined here because a TensorImpl checks its own
// address when it is constructed, and IValue stores a TensorImpl* unchecked.
constexpr std::uint64_t kIValuePointerCheckMask = 0xFFFF000000000007ULL;
constexpr std::uint64_t kIValuePointerMin = 0x1000;
constexpr bool isIValueStorableAddress(std::uintptr_t w) noexcept {
  return (w & kIValuePointerCheckMask) == 0 && w >= kIValuePointerMin;
}
} // namespace detail

// Wraps a possibly negative dimension index into [0, ndim): -1 is the last
// dimension. A 0-dim tensor accepts 0 and -1, as in libtorch.
int64_t maybe_wrap_dim(int64_t dim, int64_t ndim);

namespace impl {

// Sizes and strides of a tensor, kept inline up to kInlineDims dimensions
// (one allocation per tensor instead of three for the common shapes) and on
// the heap beyond. Layout: inline_[0, kInlineDims) sizes, inline_[kInlineDims,
// 2*kInlineDims) strides; on the heap, sizes then strides, each ndim long.
class SizesAndStrides final {
 public:
  static constexpr size_t kInlineDims = 5;

  SizesAndStrides() : ndim_(1) {
    inline_[0] = 0;
    inline_[kInlineDims] = 1;
  }
  SizesAndStrides(const SizesAndStrides&) = delete;
  SizesAndStrides& operator=(const SizesAndStrides&) = delete;
  ~SizesAndStrides() {
    if (!isInline()) delete[] heap_;
  }

  size_t size() const noexcept { return ndim_; }
  const int64_t* sizes_data() const noexcept { return isInline() ? inline_ : heap_; }
  int64_t* sizes_data() noexcept { return isInline() ? inline_ : heap_; }
  const int64_t* strides_data() const noexcept { return isInline() ? inline_ + kInlineDims : heap_ + ndim_; }
  int64_t* strides_data() noexcept { return isInline() ? inline_ + kInlineDims : heap_ + ndim_; }

  // Changes the number of dimensions; the values are unspecified afterwards.
  void resize(size_t ndim) {
    if (ndim == ndim_) return;
    // Allocate before freeing: if new throws, the object is unchanged.
    int64_t* fresh = ndim > kInlineDims ? new int64_t[2 * ndim] : nullptr;
    if (!isInline()) delete[] heap_;
    if (fresh != nullptr) heap_ = fresh;
    ndim_ = ndim;
  }

 private:
  bool isInline() const noexcept { return ndim_ <= kInlineDims; }

  size_t ndim_;
  union {
    int64_t* heap_;
    int64_t inline_[2 * kInlineDims];
  };
};

} // namespace impl

// The metadata of one tensor: which storage it views, from which element
// (storage_offset), with which sizes and strides (in elements), and as which
// element type. Several TensorImpls may view one StorageImpl; each view op
// makes a new TensorImpl and never touches the bytes.
//
// A new TensorImpl is 1-D with size 0 (libtorch's convention); factories set
// the real shape. numel() and is_contiguous() are cached and recomputed by
// every setter.
//
// Lifetime: TensorImpl is an intrusive_ptr_target. When the last strong
// reference goes while weak ones remain, release_resources() drops the
// storage reference, so the bytes are freed then rather than when the last
// weak reference goes.
struct C10_API TensorImpl : public c10::intrusive_ptr_target {
 public:
  TensorImpl(Storage&& storage, ScalarType dtype)
      : storage_(std::move(storage)), dtype_(dtype) {
    check_address_fits_ivalue();
  }
  // libtorch's form: the tensor answers to the dispatch keys `key_set` (a
  // CUDA key makes calls dispatch to CUDA kernels; the data stays in host
  // memory, there is no device code) and, as in libtorch, to the autograd
  // key of its backend until remove_autograd_key().
  TensorImpl(Storage&& storage, DispatchKeySet key_set, caffe2::TypeMeta data_type)
      : storage_(std::move(storage)),
        key_set_(key_set | getAutogradRelatedKeySetFromBackend(key_set)),
        dtype_(data_type.toScalarType()) {
    check_address_fits_ivalue();
  }
  TensorImpl(c10::intrusive_ptr<StorageImpl> storage, DispatchKeySet key_set, caffe2::TypeMeta data_type)
      : TensorImpl(Storage(std::move(storage)), key_set, data_type) {}
  // A tensor without storage (a wrapper around other tensors, as in
  // libtorch): only its keys, dtype and the device it says it is on.
  TensorImpl(DispatchKeySet key_set, caffe2::TypeMeta data_type, c10::optional<c10::Device> /*device*/)
      : TensorImpl(Storage(), key_set, data_type) {}
  TensorImpl() = delete;
  TensorImpl(const TensorImpl&) = delete;
  TensorImpl& operator=(const TensorImpl&) = delete;
  TensorImpl(TensorImpl&&) = delete;
  TensorImpl& operator=(TensorImpl&&) = delete;
  ~TensorImpl() override = default;

  void release_resources() override { storage_ = {}; }

  IntArrayRef sizes() const noexcept { return IntArrayRef(sizes_and_strides_.sizes_data(), sizes_and_strides_.size()); }
  IntArrayRef strides() const noexcept { return IntArrayRef(sizes_and_strides_.strides_data(), sizes_and_strides_.size()); }
  int64_t size(int64_t d) const { return sizes_and_strides_.sizes_data()[maybe_wrap_dim(d, dim())]; }
  int64_t stride(int64_t d) const { return sizes_and_strides_.strides_data()[maybe_wrap_dim(d, dim())]; }
  int64_t dim() const noexcept { return static_cast<int64_t>(sizes_and_strides_.size()); }
  int64_t numel() const noexcept { return numel_; }
  int64_t storage_offset() const noexcept { return storage_offset_; }
  bool is_contiguous() const noexcept { return is_contiguous_; }

  ScalarType scalar_type() const noexcept { return dtype_; }
  caffe2::TypeMeta dtype() const noexcept { return caffe2::TypeMeta::fromScalarType(dtype_); }
  DispatchKeySet key_set() const noexcept { return key_set_; }
  // The tensor stops answering to autograd keys (what libtorch does for a
  // tensor that does not require grad).
  void remove_autograd_key() noexcept { key_set_ = key_set_ - autograd_dispatch_keyset; }
  size_t itemsize() const { return elementSize(dtype_); }
  Device device() const noexcept { return Device(DeviceType::CPU); }

  bool has_storage() const noexcept { return static_cast<bool>(storage_); }
  const Storage& storage() const {
    TORCH_CHECK(has_storage(), "Cannot access storage of a tensor that has none (undefined or released)");
    return storage_;
  }
  const Storage& unsafe_storage() const noexcept { return storage_; }

  // Address of the first element (storage data + offset * itemsize). Null
  // for a tensor whose storage holds no bytes.
  void* data() const {
    TORCH_CHECK(has_storage(), "Cannot access data pointer of a tensor that has no storage");
    char* base = static_cast<char*>(storage_.data());
    if (base == nullptr) return nullptr;
    return base + static_cast<int64_t>(itemsize()) * storage_offset_;
  }
  template <typename T>
  T* data() const {
    TORCH_CHECK(CppTypeToScalarType<T>::value == dtype_, "expected scalar type ",
                CppTypeToScalarType<T>::value, " but found ", dtype_);
    return static_cast<T*>(data());
  }

  // Contiguous (row-major) strides for `sizes`.
  void set_sizes_contiguous(IntArrayRef sizes) {
    sizes_and_strides_.resize(sizes.size());
    int64_t* sz = sizes_and_strides_.sizes_data();
    int64_t* st = sizes_and_strides_.strides_data();
    int64_t stride = 1;
    for (size_t i = sizes.size(); i-- > 0;) {
      TORCH_CHECK(sizes[i] >= 0, "Trying to create tensor with negative dimension ", sizes[i], ": ", sizes);
      sz[i] = sizes[i];
      st[i] = stride;
      stride *= sizes[i] > 1 ? sizes[i] : 1;
    }
    refresh_numel();
    is_contiguous_ = true;
  }

  // Any shape over the current storage. Fails, leaving the tensor unchanged,
  // if an element would lie outside the storage's bytes.
  void set_sizes_and_strides(IntArrayRef sizes, IntArrayRef strides, int64_t storage_offset) {
    TORCH_CHECK(sizes.size() == strides.size(), "dimensionality of sizes (", sizes.size(),
                ") must match dimensionality of strides (", strides.size(), ")");
    TORCH_CHECK(storage_offset >= 0, "Tensor: invalid storage offset ", storage_offset);
    check_in_bounds(sizes, strides, storage_offset);
    sizes_and_strides_.resize(sizes.size());
    std::copy(sizes.begin(), sizes.end(), sizes_and_strides_.sizes_data());
    std::copy(strides.begin(), strides.end(), sizes_and_strides_.strides_data());
    storage_offset_ = storage_offset;
    refresh_numel();
    refresh_contiguous();
  }
  void set_sizes_and_strides(IntArrayRef sizes, IntArrayRef strides) {
    set_sizes_and_strides(sizes, strides, storage_offset_);
  }
  void set_storage_offset(int64_t storage_offset) {
    set_sizes_and_strides(sizes(), strides(), storage_offset);
  }
  // Replaces the storage, keeping shape and dtype (share_memory_ uses it).
  void set_storage_keep_dtype(Storage storage) { storage_ = std::move(storage); }

 protected:
  // Throws unless every element of a (sizes, strides, offset) view lies in
  // the storage. Negative strides are rejected, as in libtorch's as_strided.
  void check_in_bounds(IntArrayRef sizes, IntArrayRef strides, int64_t storage_offset) const;

  Storage storage_;

 private:
  // Every TensorImpl's address is checked once, here, against the IValue
  // word's address-width assumption (see detail::isIValueStorableAddress), so
  // that IValue(at::Tensor) can store the pointer without a test. Every
  // constructor of TensorImpl ends in one of the two that call this.
  void check_address_fits_ivalue() const {
    if (C10_UNLIKELY(!detail::isIValueStorableAddress(reinterpret_cast<std::uintptr_t>(this)))) {
      report_address_does_not_fit_ivalue();
    }
  }
  [[noreturn]] C10_NOINLINE void report_address_does_not_fit_ivalue() const;

  void refresh_numel() noexcept {
    int64_t n = 1;
    for (int64_t s : sizes()) n *= s;
    numel_ = n;
  }
  void refresh_contiguous() noexcept {
    // Dimensions of size 1 may have any stride; an empty tensor is contiguous.
    if (numel_ == 0) {
      is_contiguous_ = true;
      return;
    }
    int64_t expected = 1;
    const int64_t* sz = sizes_and_strides_.sizes_data();
    const int64_t* st = sizes_and_strides_.strides_data();
    for (size_t i = sizes_and_strides_.size(); i-- > 0;) {
      if (sz[i] == 1) continue;
      if (st[i] != expected) {
        is_contiguous_ = false;
        return;
      }
      expected *= sz[i];
    }
    is_contiguous_ = true;
  }

  DispatchKeySet key_set_{DispatchKey::CPU};
  impl::SizesAndStrides sizes_and_strides_;
  int64_t storage_offset_ = 0;
  int64_t numel_ = 0;
  ScalarType dtype_;
  bool is_contiguous_ = true;
};

} // namespace c10
