// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/core/Allocator.h>

#include <cstddef>

namespace c10 {

// CPU allocations are aligned to this many bytes: a cache line, and the
// widest vector load (AVX-512) a kernel may issue on the data.
constexpr size_t gAlignment = 64;

// The allocator registered for the CPU (the default one unless replaced with
// SetCPUAllocator / SetAllocator).
C10_API Allocator* GetCPUAllocator();
C10_API void SetCPUAllocator(Allocator* alloc, uint8_t priority = 0);
// The built-in 64-byte aligned allocator, whatever is registered.
C10_API Allocator* GetDefaultCPUAllocator();

// Aligned allocation used by the default allocator; free with free_cpu.
// alloc_cpu(0) returns nullptr; running out of memory throws c10::Error.
C10_API void* alloc_cpu(size_t nbytes);
C10_API void free_cpu(void* data);

} // namespace c10

namespace at {
using c10::GetCPUAllocator;
} // namespace at
