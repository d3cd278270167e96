// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Storages in POSIX shared memory, for tensors that several processes read
// and write (libtorch's Python share_memory_(); its C++ API has no
// equivalent, so these names are the runtime's own).
//
// A segment is a /dev/shm object holding a 64-byte header and then the
// bytes. The header counts the storages, in all processes, that map the
// segment; the storage that drops the count to 0 unlinks the name, so a
// segment disappears with its last user. A process that dies without running
// destructors leaves its count behind (and the segment in /dev/shm).

#include <c10/core/Storage.h>

#include <cstddef>
#include <string>

namespace c10 {

// A new zero-filled segment of `nbytes`, mapped; this storage is its first user.
Storage newSharedStorage(size_t nbytes);

// Maps the segment named `handle` (from sharedStorageHandle, possibly in
// another process) as a new storage; writes through either are seen by both.
// Throws c10::Error if no such segment exists or its last user is gone.
Storage openSharedStorage(const std::string& handle);

bool isSharedStorage(const Storage& storage);

// The segment's name, to pass to openSharedStorage. Throws if the storage is
// not in shared memory.
std::string sharedStorageHandle(const Storage& storage);

// How many storages, across all processes, currently map the segment.
int64_t sharedStorageUseCount(const Storage& storage);

} // namespace c10
