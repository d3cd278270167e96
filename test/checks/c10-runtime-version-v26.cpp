// The libtorch26 configuration reads PyTorch 2.6's headers, not the libtorch
// 1.13 installed under /usr/include: the static_assert holds in the lint, in
// the compile of the fixed file (same flags) and in a plain compile, and the
// check sees an accessor that only 2.6 declares.
// REQUIRES: runtime-libtorch26
// RUN: %clangxx -fsyntax-only %c10_flags %s
// RUN: %check_c10_tidy %s c10-ivalue-vector-copy %t

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <torch/version.h>

static_assert(TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR == 6,
              "the libtorch26 configuration must read PyTorch 2.6's headers");

std::size_t symbolicRank(const c10::IValue &sizes) {
  if (!sizes.isIntList())
    return 0;
  return sizes.toSymIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'toSymIntVector()' copies the list into a new std::vector<c10::SymInt>
  // CHECK-FIXES: {{^}}  return sizes.toListRef().size();{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
