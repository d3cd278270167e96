// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/core/StorageImpl.h>

#include <cstddef>
#include <utility>

namespace c10 {

// A value handle on a StorageImpl: copying a Storage shares the bytes. An
// empty Storage (default-constructed, or after a TensorImpl released its
// resources) holds no StorageImpl; operator bool tells.
struct C10_API Storage {
 public:
  struct use_byte_size_t {};

  Storage() = default;
  Storage(c10::intrusive_ptr<StorageImpl> ptr) : storage_impl_(std::move(ptr)) {}
  // Allocates size_bytes with `allocator` (the CPU allocator if null).
  Storage(use_byte_size_t, size_t size_bytes, Allocator* allocator = nullptr, bool resizable = false);
  Storage(use_byte_size_t, size_t size_bytes, DataPtr data_ptr, Allocator* allocator = nullptr,
          bool resizable = false)
      : storage_impl_(c10::make_intrusive<StorageImpl>(
            StorageImpl::use_byte_size_t(), size_bytes, std::move(data_ptr), allocator, resizable)) {}

  template <typename T>
  T* data() const { return storage_impl_->data<T>(); }
  template <typename T>
  T* unsafe_data() const { return storage_impl_->unsafe_data<T>(); }
  void* data() const { return storage_impl_->data(); }

  size_t nbytes() const { return storage_impl_->nbytes(); }
  void set_nbytes(size_t size_bytes) const { storage_impl_->set_nbytes(size_bytes); }
  bool resizable() const { return storage_impl_->resizable(); }
  DataPtr& data_ptr() { return storage_impl_->data_ptr(); }
  const DataPtr& data_ptr() const { return storage_impl_->data_ptr(); }
  DataPtr set_data_ptr(DataPtr&& data_ptr) const { return storage_impl_->set_data_ptr(std::move(data_ptr)); }
  void set_data_ptr_noswap(DataPtr&& data_ptr) const { storage_impl_->set_data_ptr_noswap(std::move(data_ptr)); }
  Allocator* allocator() const { return storage_impl_->allocator(); }
  Device device() const { return storage_impl_->device(); }
  DeviceType device_type() const { return storage_impl_->device_type(); }

  StorageImpl* unsafeGetStorageImpl() const noexcept { return storage_impl_.get(); }
  StorageImpl* unsafeReleaseStorageImpl() { return storage_impl_.release(); }
  const c10::intrusive_ptr<StorageImpl>& getIntrusivePtr() const { return storage_impl_; }

  explicit operator bool() const { return static_cast<bool>(storage_impl_); }
  size_t use_count() const { return storage_impl_.use_count(); }
  bool unique() const { return storage_impl_.unique(); }
  // Whether both handles share one StorageImpl (and so the same bytes).
  bool is_alias_of(const Storage& other) const { return storage_impl_ == other.storage_impl_; }

 protected:
  c10::intrusive_ptr<StorageImpl> storage_impl_;
};

} // namespace c10

namespace at {
using c10::Storage;
using c10::StorageImpl;
} // namespace at
