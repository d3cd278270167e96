// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// StorageImpl, Storage, DataPtr and the allocator registry.

#include "tensor_test_util.h"

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <c10/core/Storage.h>

#include <cstdint>

namespace {

TEST(StorageTest, DefaultAllocatorAlignsTo64Bytes) {
  for (size_t n : {1, 3, 64, 65, 1000, 4096}) {
    c10::DataPtr p = c10::GetDefaultCPUAllocator()->allocate(n);
    ASSERT_NE(p.get(), nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p.get()) % 64, 0u) << n;
    EXPECT_EQ(p.get(), p.get_context());
  }
  EXPECT_EQ(c10::GetDefaultCPUAllocator()->allocate(0).get(), nullptr);
}

TEST(StorageTest, TensorDataIsAligned) {
  at::Tensor t = at::empty({7}, at::kChar);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data_ptr()) % 64, 0u);
}

TEST(StorageTest, RawAllocateAndDeallocate) {
  c10::Allocator* a = c10::GetDefaultCPUAllocator();
  void* p = a->raw_allocate(100);
  ASSERT_NE(p, nullptr);
  a->raw_deallocate(p);
}

int g_deleted = 0;
void countingDelete(void* ctx) {
  ++g_deleted;
  c10::free_cpu(ctx);
}

// An allocator that counts: registered with a priority, it replaces the
// default one for every CPU tensor made afterwards.
struct CountingAllocator final : c10::Allocator {
  mutable int allocations = 0;
  c10::DataPtr allocate(size_t n) const override {
    ++allocations;
    void* p = c10::alloc_cpu(n);
    return c10::DataPtr(p, p, &countingDelete, c10::Device(c10::kCPU));
  }
};

TEST(StorageTest, RegisteredAllocatorIsUsedAndLowerPriorityDoesNotReplaceIt) {
  CountingAllocator counting;
  c10::Allocator* before = c10::GetCPUAllocator();
  EXPECT_EQ(before, c10::GetDefaultCPUAllocator());
  c10::SetCPUAllocator(&counting, /*priority=*/5);
  EXPECT_EQ(c10::GetCPUAllocator(), &counting);
  c10::SetCPUAllocator(c10::GetDefaultCPUAllocator(), /*priority=*/1); // ignored: lower priority
  EXPECT_EQ(c10::GetAllocator(c10::kCPU), &counting);
  g_deleted = 0;
  {
    at::Tensor t = at::ones({4, 4});
    EXPECT_EQ(counting.allocations, 1);
    EXPECT_EQ(t.storage().allocator(), &counting);
  }
  EXPECT_EQ(g_deleted, 1);
  c10::SetCPUAllocator(c10::GetDefaultCPUAllocator(), /*priority=*/5);
  EXPECT_EQ(c10::GetCPUAllocator(), c10::GetDefaultCPUAllocator());
}

int g_ctx_deletes = 0;
void ctxDelete(void* ctx) {
  ++g_ctx_deletes;
  delete static_cast<int*>(ctx);
}

TEST(StorageTest, DataPtrRunsDeleterOnceAndMoves) {
  g_ctx_deletes = 0;
  {
    int* ctx = new int(7);
    c10::DataPtr a(ctx, ctx, &ctxDelete, c10::Device(c10::kCPU));
    c10::DataPtr b = std::move(a);
    EXPECT_EQ(a.get(), nullptr);
    EXPECT_EQ(b.cast_context<int>(&ctxDelete), ctx);
    EXPECT_EQ(b.cast_context<int>(&countingDelete), nullptr);
    c10::DataPtr c;
    c = std::move(b);
    EXPECT_EQ(g_ctx_deletes, 0);
  }
  EXPECT_EQ(g_ctx_deletes, 1);
  int* ctx = new int(1);
  c10::DataPtr d(ctx, ctx, &ctxDelete, c10::Device(c10::kCPU));
  void* released = d.release_context();
  d.clear();
  EXPECT_EQ(g_ctx_deletes, 1);
  ctxDelete(released);
}

TEST(StorageTest, StorageSharesBytesAndCountsUsers) {
  c10::Storage s(c10::Storage::use_byte_size_t(), 32);
  EXPECT_EQ(s.nbytes(), 32u);
  EXPECT_EQ(s.use_count(), 1u);
  c10::Storage t = s;
  EXPECT_EQ(s.use_count(), 2u);
  EXPECT_TRUE(t.is_alias_of(s));
  EXPECT_EQ(t.data(), s.data());
  c10::Storage other(c10::Storage::use_byte_size_t(), 32);
  EXPECT_FALSE(other.is_alias_of(s));
  EXPECT_FALSE(static_cast<bool>(c10::Storage()));
}

TEST(StorageTest, SetDataPtrSwapsAndResetFrees) {
  c10::Storage s(c10::Storage::use_byte_size_t(), 16);
  void* old = s.data();
  c10::DataPtr fresh = c10::GetCPUAllocator()->allocate(16);
  void* fresh_raw = fresh.get();
  c10::DataPtr prev = s.set_data_ptr(std::move(fresh));
  EXPECT_EQ(prev.get(), old);
  EXPECT_EQ(s.data(), fresh_raw);
  s.unsafeGetStorageImpl()->reset();
  EXPECT_EQ(s.data(), nullptr);
  EXPECT_EQ(s.nbytes(), 0u);
}

TEST(StorageTest, ResizableNeedsAllocator) {
  EXPECT_C10_ERROR(c10::StorageImpl(c10::StorageImpl::use_byte_size_t(), 0, c10::DataPtr(), nullptr, true),
                   "allocator");
}

} // namespace
