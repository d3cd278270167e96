// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/core/DispatchKeySet.h>

namespace c10 {
namespace impl {

// Thread-local keys added to (included) and removed from (excluded) every
// call's key set. A fallback key is switched on for a scope with
// IncludeDispatchKeyGuard; ExcludeDispatchKeyGuard hides keys, e.g. a
// fallback's own key while it re-dispatches through callBoxed(). Every
// thread starts with BackendSelect included (libtorch's default included
// set), which calls fall through unless an operator has a kernel there.
struct PODLocalDispatchKeySet {
  std::uint64_t included;
  std::uint64_t excluded;
};

// __thread, not thread_local: a constant-initialised POD that every reader
// accesses directly (one %fs-relative load in the executables the runtime's
// static libraries are linked into), where an extern thread_local would be
// read through the TLS init wrapper call on every dispatch.
extern __thread PODLocalDispatchKeySet raw_local_dispatch_key_set;

struct LocalDispatchKeySet {
  DispatchKeySet included_;
  DispatchKeySet excluded_;
};

inline LocalDispatchKeySet tls_local_dispatch_key_set() {
  const PODLocalDispatchKeySet& s = raw_local_dispatch_key_set;
  return {DispatchKeySet(DispatchKeySet::RAW, s.included), DispatchKeySet(DispatchKeySet::RAW, s.excluded)};
}

class IncludeDispatchKeyGuard {
 public:
  explicit IncludeDispatchKeyGuard(DispatchKeySet keys)
      : saved_(raw_local_dispatch_key_set.included) {
    raw_local_dispatch_key_set.included |= keys.raw_repr();
  }
  explicit IncludeDispatchKeyGuard(DispatchKey k) : IncludeDispatchKeyGuard(DispatchKeySet(k)) {}
  IncludeDispatchKeyGuard(const IncludeDispatchKeyGuard&) = delete;
  IncludeDispatchKeyGuard& operator=(const IncludeDispatchKeyGuard&) = delete;
  ~IncludeDispatchKeyGuard() {
    raw_local_dispatch_key_set.included = saved_;
  }

 private:
  std::uint64_t saved_;
};

class ExcludeDispatchKeyGuard {
 public:
  explicit ExcludeDispatchKeyGuard(DispatchKeySet keys)
      : saved_(raw_local_dispatch_key_set.excluded) {
    raw_local_dispatch_key_set.excluded |= keys.raw_repr();
  }
  explicit ExcludeDispatchKeyGuard(DispatchKey k) : ExcludeDispatchKeyGuard(DispatchKeySet(k)) {}
  ExcludeDispatchKeyGuard(const ExcludeDispatchKeyGuard&) = delete;
  ExcludeDispatchKeyGuard& operator=(const ExcludeDispatchKeyGuard&) = delete;
  ~ExcludeDispatchKeyGuard() {
    raw_local_dispatch_key_set.excluded = saved_;
  }

 private:
  std::uint64_t saved_;
};

} // namespace impl
} // namespace c10
