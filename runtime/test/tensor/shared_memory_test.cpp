// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// share_memory_() and shared storages across fork(): writes are seen both
// ways, and the segment is gone from /dev/shm once the last user is.

#include "tensor_test_util.h"

#include <c10/core/SharedStorage.h>

#include <string>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using tensor_test::values;

bool segmentExists(const std::string& handle) {
  struct stat st;
  return ::stat(("/dev/shm" + handle).c_str(), &st) == 0;
}

TEST(SharedMemoryTest, ShareMemoryMovesStorageAndKeepsValuesAndViews) {
  at::Tensor a = at::arange(12).view({3, 4});
  at::Tensor view = a.select(0, 1); // shares a's StorageImpl
  EXPECT_FALSE(a.is_shared());
  a.share_memory_();
  EXPECT_TRUE(a.is_shared());
  EXPECT_TRUE(view.is_shared()); // the StorageImpl moved, so every view moved too
  EXPECT_EQ(values<int64_t>(view), std::vector<int64_t>({4, 5, 6, 7}));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a.data_ptr()) % 64, 0u);
  const std::string handle = c10::sharedStorageHandle(a.storage());
  EXPECT_TRUE(segmentExists(handle));
  void* before = a.data_ptr();
  a.share_memory_(); // already shared: no-op
  EXPECT_EQ(a.data_ptr(), before);
  a.reset();
  EXPECT_TRUE(segmentExists(handle)); // the view still uses it
  view.reset();
  EXPECT_FALSE(segmentExists(handle));
}

TEST(SharedMemoryTest, OpenByHandleSharesBytesAndCountsUsers) {
  at::Tensor a = at::zeros({8}, at::kInt);
  a.share_memory_();
  const std::string handle = c10::sharedStorageHandle(a.storage());
  {
    c10::Storage other = c10::openSharedStorage(handle);
    EXPECT_EQ(c10::sharedStorageUseCount(other), 2);
    EXPECT_EQ(other.nbytes(), 32u);
    EXPECT_NE(other.data(), a.data_ptr()); // a second mapping of the same bytes
    at::Tensor b = at::empty({0}, at::kInt);
    b.set_(other, 2, {2, 2});
    b.fill_(9);
    EXPECT_EQ(values<int32_t>(a), std::vector<int32_t>({0, 0, 9, 9, 9, 9, 0, 0}));
    a.reset(); // b keeps the segment alive
    EXPECT_TRUE(segmentExists(handle));
    EXPECT_EQ(c10::sharedStorageUseCount(other), 1);
  }
  EXPECT_FALSE(segmentExists(handle));
  EXPECT_C10_ERROR(c10::openSharedStorage(handle), "No such file or directory");
}

TEST(SharedMemoryTest, ForkedProcessSeesWritesBothWays) {
  at::Tensor a = at::zeros({4}, at::kFloat);
  a.share_memory_();
  const std::string handle = c10::sharedStorageHandle(a.storage());
  int to_child[2], to_parent[2];
  ASSERT_EQ(::pipe(to_child), 0);
  ASSERT_EQ(::pipe(to_parent), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    // Child: open the segment by name (not the inherited mapping), wait for
    // the parent's write, check it, answer with its own. _exit skips the
    // inherited objects' destructors, which belong to the parent.
    int code = 0;
    {
      at::Tensor mine = at::empty({0});
      mine.set_(c10::openSharedStorage(handle), 0, {4});
      char go = 0;
      if (::read(to_child[0], &go, 1) != 1) code = 10;
      if (code == 0 && mine.select(0, 0).item<float>() != 42.f) code = 11;
      mine.select(0, 3).fill_(7.f);
    }
    char done = 'd';
    if (::write(to_parent[1], &done, 1) != 1) code = 12;
    ::_exit(code);
  }
  a.select(0, 0).fill_(42.f); // after the fork: only shared memory carries it
  char go = 'g';
  ASSERT_EQ(::write(to_child[1], &go, 1), 1);
  char done = 0;
  ASSERT_EQ(::read(to_parent[0], &done, 1), 1);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(a.select(0, 3).item<float>(), 7.f);
  EXPECT_EQ(c10::sharedStorageUseCount(a.storage()), 1); // the child's storage was released
  for (int fd : {to_child[0], to_child[1], to_parent[0], to_parent[1]}) ::close(fd);
  a.reset();
  EXPECT_FALSE(segmentExists(handle));
}

TEST(SharedMemoryTest, Errors) {
  EXPECT_C10_ERROR(c10::sharedStorageHandle(at::ones({1}).storage()), "not in shared memory");
  EXPECT_C10_ERROR(c10::openSharedStorage("/c10tidy_no_such_segment"), "shm_open of shared memory segment");
  at::Tensor t = at::zeros({2});
  EXPECT_C10_ERROR(t.set_(c10::Storage(c10::Storage::use_byte_size_t(), 4), 0, {2}), "out of bounds");
  EXPECT_EQ(t.numel(), 2); // unchanged after the failed set_
}

TEST(SharedMemoryTest, ZeroByteTensor) {
  at::Tensor e = at::empty({0});
  e.share_memory_();
  EXPECT_TRUE(e.is_shared());
  const std::string handle = c10::sharedStorageHandle(e.storage());
  e.reset();
  EXPECT_FALSE(segmentExists(handle));
}

} // namespace
