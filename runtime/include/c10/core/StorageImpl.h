// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/core/Allocator.h>
#include <c10/util/Exception.h>
#include <c10/util/intrusive_ptr.h>

#include <cstddef>
#include <utility>

namespace c10 {

// The bytes behind one or more tensors. A StorageImpl knows nothing about
// element types or shapes -- those belong to each TensorImpl viewing it, which
// is why a view is cheap: it is a new TensorImpl on the same StorageImpl.
//
// Owns: the DataPtr (data, context and deleter), the byte size, whether it
// may be resized (only storages with an allocator), and the allocator that
// made it, so that a resize or a copy can allocate alike.
struct C10_API StorageImpl : public c10::intrusive_ptr_target {
 public:
  struct use_byte_size_t {};

  StorageImpl(use_byte_size_t, size_t size_bytes, DataPtr data_ptr, Allocator* allocator, bool resizable)
      : data_ptr_(std::move(data_ptr)),
        size_bytes_(size_bytes),
        resizable_(resizable),
        allocator_(allocator) {
    TORCH_CHECK(!resizable || allocator != nullptr, "a resizable storage needs an allocator");
  }

  StorageImpl(use_byte_size_t, size_t size_bytes, Allocator* allocator, bool resizable)
      : StorageImpl(use_byte_size_t(), size_bytes, checked(allocator)->allocate(size_bytes), allocator, resizable) {}

  StorageImpl(const StorageImpl&) = delete;
  StorageImpl& operator=(const StorageImpl&) = delete;
  StorageImpl(StorageImpl&&) = delete;
  StorageImpl& operator=(StorageImpl&&) = delete;
  ~StorageImpl() override = default;

  // Frees the bytes now; the object stays, empty, for weak references.
  void reset() {
    data_ptr_.clear();
    size_bytes_ = 0;
  }
  void release_resources() override { data_ptr_.clear(); }

  template <typename T>
  T* data() const { return static_cast<T*>(data_ptr_.get()); }
  template <typename T>
  T* unsafe_data() const { return static_cast<T*>(data_ptr_.get()); }
  void* data() const { return data_ptr_.get(); }

  size_t nbytes() const { return size_bytes_; }
  void set_nbytes(size_t size_bytes) { size_bytes_ = size_bytes; }
  bool resizable() const { return resizable_; }
  void set_resizable(bool resizable) {
    TORCH_CHECK(!resizable || allocator_ != nullptr, "a resizable storage needs an allocator");
    resizable_ = resizable;
  }

  DataPtr& data_ptr() { return data_ptr_; }
  const DataPtr& data_ptr() const { return data_ptr_; }
  // Installs new bytes and returns the old ones (which free themselves when
  // the returned DataPtr goes).
  DataPtr set_data_ptr(DataPtr&& data_ptr) {
    std::swap(data_ptr_, data_ptr);
    return std::move(data_ptr);
  }
  void set_data_ptr_noswap(DataPtr&& data_ptr) { data_ptr_ = std::move(data_ptr); }

  Allocator* allocator() { return allocator_; }
  const Allocator* allocator() const { return allocator_; }
  void set_allocator(Allocator* allocator) { allocator_ = allocator; }
  Device device() const { return data_ptr_.device(); }
  DeviceType device_type() const { return data_ptr_.device().type(); }

 private:
  static Allocator* checked(Allocator* allocator) {
    TORCH_CHECK(allocator != nullptr, "StorageImpl: allocator is null");
    return allocator;
  }

  DataPtr data_ptr_;
  size_t size_bytes_;
  bool resizable_;
  Allocator* allocator_;
};

} // namespace c10
