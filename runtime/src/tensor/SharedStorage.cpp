// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// POSIX shared-memory storages: creation, opening by name, and unlinking
// when the cross-process user count reaches zero.

#include <ATen/ATen.h>
#include <c10/core/SharedStorage.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <random>
#include <string>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace c10 {

namespace {

constexpr uint64_t kMagic = 0x6331307469647973ULL; // "c10tidys"
constexpr size_t kHeaderBytes = 64;                 // keeps the data 64-byte aligned

struct SegmentHeader {
  // Storages mapping the segment, in every process. Lock-free atomics on
  // shared memory work across processes on Linux.
  std::atomic<int64_t> users;
  uint64_t nbytes;
  uint64_t magic;
};
static_assert(sizeof(SegmentHeader) <= kHeaderBytes, "header does not fit");
static_assert(std::atomic<int64_t>::is_always_lock_free, "cross-process counting needs a lock-free atomic");

// One process's mapping of a segment: the DataPtr context.
struct Mapping {
  void* base;
  size_t length;
  std::string name;

  SegmentHeader* header() const { return static_cast<SegmentHeader*>(base); }
  char* data() const { return static_cast<char*>(base) + kHeaderBytes; }
};

void releaseMapping(void* ctx) {
  Mapping* m = static_cast<Mapping*>(ctx);
  // acq_rel: every write this process made to the segment happens-before the
  // unlink by whichever process drops the last reference.
  if (m->header()->users.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    ::shm_unlink(m->name.c_str());
  }
  ::munmap(m->base, m->length);
  delete m;
}

[[noreturn]] void failErrno(const std::string& what, const std::string& name, int err) {
  TORCH_CHECK(false, what, " of shared memory segment ", name, " failed: ", std::strerror(err));
}

std::string newName() {
  static std::atomic<uint64_t> counter{0};
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  return "/c10tidy_" + std::to_string(::getpid()) + "_" + std::to_string(counter.fetch_add(1)) + "_" +
         std::to_string(rng() & 0xffffffff);
}

// Maps `fd` and wraps the mapping in a DataPtr. Closes fd.
DataPtr mapSegment(int fd, size_t length, std::string name) {
  void* base = ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  const int err = errno;
  ::close(fd);
  if (base == MAP_FAILED) failErrno("mmap", name, err);
  auto* m = new Mapping{base, length, std::move(name)};
  return DataPtr(m->data(), m, &releaseMapping, Device(DeviceType::CPU));
}

} // namespace

Storage newSharedStorage(size_t nbytes) {
  TORCH_CHECK(nbytes <= SIZE_MAX - kHeaderBytes, "newSharedStorage: size ", nbytes, " too large");
  const size_t length = kHeaderBytes + nbytes;
  std::string name;
  int fd = -1;
  for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
    name = newName();
    fd = ::shm_open(name.c_str(), O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0 && errno != EEXIST) failErrno("shm_open", name, errno);
  }
  TORCH_CHECK(fd >= 0, "newSharedStorage: could not find a free segment name");
  if (::ftruncate(fd, static_cast<off_t>(length)) != 0) {
    const int err = errno;
    ::close(fd);
    ::shm_unlink(name.c_str());
    failErrno("ftruncate", name, err);
  }
  DataPtr ptr;
  try {
    ptr = mapSegment(fd, length, name);
  } catch (...) {
    ::shm_unlink(name.c_str());
    throw;
  }
  // ftruncate zero-fills; the segment is not shared with anyone yet, so
  // relaxed stores suffice (handing out the name orders them).
  auto* header = static_cast<Mapping*>(ptr.get_context())->header();
  header->nbytes = nbytes;
  header->magic = kMagic;
  header->users.store(1, std::memory_order_relaxed);
  return Storage(Storage::use_byte_size_t(), nbytes, std::move(ptr), nullptr, false);
}

Storage openSharedStorage(const std::string& handle) {
  const int fd = ::shm_open(handle.c_str(), O_RDWR, 0600);
  if (fd < 0) failErrno("shm_open", handle, errno);
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    failErrno("fstat", handle, err);
  }
  if (static_cast<size_t>(st.st_size) < kHeaderBytes) {
    ::close(fd);
    TORCH_CHECK(false, "shared memory segment ", handle, " is not a c10-tidy storage (", st.st_size, " bytes)");
  }
  const size_t length = static_cast<size_t>(st.st_size);
  void* base = ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  const int err = errno;
  ::close(fd);
  if (base == MAP_FAILED) failErrno("mmap", handle, err);
  auto* header = static_cast<SegmentHeader*>(base);
  if (header->magic != kMagic || header->nbytes != length - kHeaderBytes) {
    ::munmap(base, length);
    TORCH_CHECK(false, "shared memory segment ", handle, " is not a c10-tidy storage");
  }
  // Join only while someone still holds it: a count that reached 0 means the
  // last user is unlinking it, and it must not come back (the same rule as
  // weak_intrusive_ptr::lock()).
  int64_t users = header->users.load(std::memory_order_acquire);
  do {
    if (users <= 0) {
      ::munmap(base, length);
      TORCH_CHECK(false, "shared memory segment ", handle, " has no users left");
    }
  } while (!header->users.compare_exchange_weak(users, users + 1, std::memory_order_acq_rel,
                                                std::memory_order_acquire));
  auto* m = new Mapping{base, length, handle};
  return Storage(Storage::use_byte_size_t(), length - kHeaderBytes,
                 DataPtr(m->data(), m, &releaseMapping, Device(DeviceType::CPU)), nullptr, false);
}

bool isSharedStorage(const Storage& storage) {
  return storage && storage.data_ptr().get_deleter() == &releaseMapping;
}

std::string sharedStorageHandle(const Storage& storage) {
  Mapping* m = storage ? storage.data_ptr().cast_context<Mapping>(&releaseMapping) : nullptr;
  TORCH_CHECK(m != nullptr, "storage is not in shared memory; call share_memory_() first");
  return m->name;
}

int64_t sharedStorageUseCount(const Storage& storage) {
  Mapping* m = storage ? storage.data_ptr().cast_context<Mapping>(&releaseMapping) : nullptr;
  TORCH_CHECK(m != nullptr, "storage is not in shared memory");
  return m->header()->users.load(std::memory_order_acquire);
}

} // namespace c10

namespace at {

Tensor& Tensor::share_memory_() {
  check_defined("share_memory_");
  const Storage& storage = impl_->storage();
  if (!c10::isSharedStorage(storage)) {
    Storage shared = c10::newSharedStorage(storage.nbytes());
    if (storage.nbytes() > 0) std::memcpy(shared.data(), storage.data(), storage.nbytes());
    // Swap the bytes inside the existing StorageImpl, so that every tensor
    // viewing it (views, copies of this handle) moves along.
    c10::StorageImpl* impl = storage.unsafeGetStorageImpl();
    c10::DataPtr old = impl->set_data_ptr(std::move(shared.data_ptr()));
    impl->set_resizable(false);
  }
  return *this;
}

bool Tensor::is_shared() const {
  return has_storage() && c10::isSharedStorage(impl_->storage());
}

} // namespace at
