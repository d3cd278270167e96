// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The allocator registry and the default CPU allocator.

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <c10/core/Storage.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace c10 {

namespace {

struct Registration {
  // Atomic so that a registration racing with allocations on other threads
  // is not a data race; relaxed because the allocator object itself must be
  // fully built before it is registered (the caller orders that).
  std::atomic<Allocator*> allocator{nullptr};
  std::atomic<uint8_t> priority{0};
};

Registration& registration(DeviceType t) {
  static Registration table[kCompileTimeMaxDeviceTypes];
  return table[static_cast<int>(t)];
}

void deleteAligned(void* ctx) {
  free_cpu(ctx);
}

class DefaultCPUAllocator final : public Allocator {
 public:
  DataPtr allocate(size_t n) const override {
    void* data = alloc_cpu(n);
    return DataPtr(data, data, &deleteAligned, Device(DeviceType::CPU));
  }
  DeleterFnPtr raw_deleter() const override { return &deleteAligned; }
};

} // namespace

// Aligned allocation by over-allocating with malloc and keeping the
// original pointer in the word before the aligned address. glibc's own
// aligned_alloc splits and re-merges chunks on every call (memalign does not
// use the per-thread cache), which made a 2x2 tensor's allocation and free
// cost more than everything else about creating it; malloc'd sizes here are
// served from the thread cache.
void* alloc_cpu(size_t nbytes) {
  if (nbytes == 0) return nullptr;
  constexpr size_t kExtra = gAlignment + sizeof(void*);
  TORCH_CHECK(nbytes <= SIZE_MAX - kExtra, "alloc_cpu: size ", nbytes, " overflows");
  void* raw = std::malloc(nbytes + kExtra);
  TORCH_CHECK(raw != nullptr, "DefaultCPUAllocator: not enough memory: you tried to allocate ", nbytes, " bytes.");
  const uintptr_t aligned =
      (reinterpret_cast<uintptr_t>(raw) + sizeof(void*) + gAlignment - 1) & ~uintptr_t{gAlignment - 1};
  void* data = reinterpret_cast<void*>(aligned);
  static_cast<void**>(data)[-1] = raw;
  return data;
}

void free_cpu(void* data) {
  if (data != nullptr) std::free(static_cast<void**>(data)[-1]);
}

void SetAllocator(DeviceType t, Allocator* alloc, uint8_t priority) {
  Registration& r = registration(t);
  if (priority >= r.priority.load(std::memory_order_relaxed)) {
    r.allocator.store(alloc, std::memory_order_relaxed);
    r.priority.store(priority, std::memory_order_relaxed);
  }
}

Allocator* GetAllocator(const DeviceType& t) {
  Allocator* a = registration(t).allocator.load(std::memory_order_relaxed);
  if (a == nullptr && t == DeviceType::CPU) return GetDefaultCPUAllocator();
  TORCH_CHECK(a != nullptr, "Allocator for ", t, " is not set.");
  return a;
}

Allocator* GetDefaultCPUAllocator() {
  static DefaultCPUAllocator allocator;
  return &allocator;
}

Allocator* GetCPUAllocator() {
  return GetAllocator(DeviceType::CPU);
}

void SetCPUAllocator(Allocator* alloc, uint8_t priority) {
  SetAllocator(DeviceType::CPU, alloc, priority);
}

Storage::Storage(use_byte_size_t, size_t size_bytes, Allocator* allocator, bool resizable)
    : storage_impl_(c10::make_intrusive<StorageImpl>(
          StorageImpl::use_byte_size_t(), size_bytes,
          allocator != nullptr ? allocator : GetCPUAllocator(), resizable)) {}

} // namespace c10
