// Included with -isystem: a cycle entirely inside a system header is the
// library's business and is not reported.
#pragma once
#include <c10/util/intrusive_ptr.h>

namespace vendor {
struct Entry;
struct Cache : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Entry> head;
};
struct Entry : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Cache> owner;
};
} // namespace vendor
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
