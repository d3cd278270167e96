// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/core/Device.h>
#include <c10/util/Exception.h>

#include <cstddef>
#include <cstdint>
#include <utility>

namespace c10 {

using DeleterFnPtr = void (*)(void*);

// The owner of one allocation: the data pointer a tensor reads, plus the
// context the deleter is called with. They differ when the data sits inside a
// larger object (a shared-memory segment's header, a DLPack tensor, a blob
// with a closure); for plain allocations ctx == data. Move-only; the deleter
// runs once, on destruction or clear(), and never for a null context.
class C10_API DataPtr final {
 public:
  DataPtr() noexcept : data_(nullptr), ctx_(nullptr), deleter_(nullptr), device_(DeviceType::CPU) {}
  DataPtr(void* data, Device device) noexcept
      : data_(data), ctx_(nullptr), deleter_(nullptr), device_(device) {}
  DataPtr(void* data, void* ctx, DeleterFnPtr deleter, Device device) noexcept
      : data_(data), ctx_(ctx), deleter_(deleter), device_(device) {}

  DataPtr(DataPtr&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        ctx_(std::exchange(other.ctx_, nullptr)),
        deleter_(std::exchange(other.deleter_, nullptr)),
        device_(other.device_) {}
  DataPtr& operator=(DataPtr&& other) noexcept {
    if (this != &other) {
      clear();
      data_ = std::exchange(other.data_, nullptr);
      ctx_ = std::exchange(other.ctx_, nullptr);
      deleter_ = std::exchange(other.deleter_, nullptr);
      device_ = other.device_;
    }
    return *this;
  }
  DataPtr(const DataPtr&) = delete;
  DataPtr& operator=(const DataPtr&) = delete;
  ~DataPtr() { clear(); }

  void clear() noexcept {
    if (ctx_ != nullptr && deleter_ != nullptr) {
      deleter_(ctx_);
    }
    data_ = nullptr;
    ctx_ = nullptr;
    deleter_ = nullptr;
  }

  void* get() const noexcept { return data_; }
  void* operator->() const noexcept { return data_; }
  void* get_context() const noexcept { return ctx_; }
  // Gives up ownership: the caller now has to call the deleter on the result.
  void* release_context() noexcept {
    data_ = nullptr;
    deleter_ = nullptr;
    return std::exchange(ctx_, nullptr);
  }
  DeleterFnPtr get_deleter() const noexcept { return deleter_; }
  // The context as a T*, if and only if the deleter is `expected_deleter`:
  // how an allocator recognises its own allocations.
  template <typename T>
  T* cast_context(DeleterFnPtr expected_deleter) const noexcept {
    return deleter_ == expected_deleter ? static_cast<T*>(ctx_) : nullptr;
  }
  // Swaps the deleter only if it is `expected`; false leaves this unchanged.
  bool compare_exchange_deleter(DeleterFnPtr expected, DeleterFnPtr new_deleter) noexcept {
    if (deleter_ != expected) return false;
    deleter_ = new_deleter;
    return true;
  }
  explicit operator bool() const noexcept { return data_ != nullptr; }
  Device device() const noexcept { return device_; }
  void unsafe_set_device(Device device) noexcept { device_ = device; }

 private:
  void* data_;
  void* ctx_;
  DeleterFnPtr deleter_;
  Device device_;
};

inline bool operator==(const DataPtr& dp, std::nullptr_t) noexcept { return !dp; }
inline bool operator!=(const DataPtr& dp, std::nullptr_t) noexcept { return static_cast<bool>(dp); }

// Where storages get their bytes. allocate(n) returns a DataPtr that frees
// itself; raw_deleter(), when not null, is the deleter every DataPtr of this
// allocator carries, so raw_allocate/raw_deallocate may be used.
struct C10_API Allocator {
  virtual ~Allocator() = default;
  virtual DataPtr allocate(size_t n) const = 0;
  virtual DeleterFnPtr raw_deleter() const { return nullptr; }

  void* raw_allocate(size_t n) {
    DataPtr dp = allocate(n);
    TORCH_INTERNAL_ASSERT(dp.get() == dp.get_context(), "raw_allocate: allocator's data and context differ");
    return dp.release_context();
  }
  void raw_deallocate(void* ptr) {
    DeleterFnPtr d = raw_deleter();
    TORCH_CHECK(d != nullptr, "raw_deallocate: this allocator has no raw deleter");
    d(ptr);
  }
};

// The allocator registry: one allocator per device type. A registration
// replaces the current one if its priority is at least the current one's, so
// a library can install an allocator that a later default registration
// (priority 0) does not undo.
C10_API void SetAllocator(DeviceType t, Allocator* alloc, uint8_t priority = 0);
C10_API Allocator* GetAllocator(const DeviceType& t);

template <DeviceType t>
struct AllocatorRegisterer {
  explicit AllocatorRegisterer(Allocator* alloc) { SetAllocator(t, alloc); }
};

} // namespace c10

namespace at {
using c10::Allocator;
using c10::DataPtr;
using c10::DeleterFnPtr;
using c10::GetAllocator;
using c10::SetAllocator;
} // namespace at
