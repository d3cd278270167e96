// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/core/DispatchKey.h>

#include <cstddef>
#include <cstdint>
#include <ostream>

namespace c10 {

// A set of dispatch keys as a bit mask (bit k = DispatchKey k), so that union,
// intersection and "highest key" are one instruction each.
class DispatchKeySet final {
 public:
  enum Full : std::uint8_t { FULL };
  enum FullAfter : std::uint8_t { FULL_AFTER };
  enum Raw : std::uint8_t { RAW };

  constexpr DispatchKeySet() = default;
  constexpr DispatchKeySet(Full /*tag*/) : repr_(kAllKeys) {}
  // Every key strictly below `k` (what a fallback at `k` re-dispatches to).
  constexpr DispatchKeySet(FullAfter /*tag*/, DispatchKey k)
      : repr_(((std::uint64_t{1} << static_cast<unsigned>(k)) - 1) & kAllKeys & ~std::uint64_t{1}) {}
  constexpr DispatchKeySet(Raw /*tag*/, std::uint64_t repr) : repr_(repr) {}
  // An alias key stands for the keys it covers (Autograd: every autograd
  // key; the Composite keys: every backend and autograd key).
  constexpr explicit DispatchKeySet(DispatchKey k) : repr_(single(k)) {}

  constexpr bool has(DispatchKey k) const {
    return (repr_ & DispatchKeySet(k).repr_) != 0;
  }
  constexpr bool empty() const {
    return repr_ == 0;
  }
  constexpr std::uint64_t raw_repr() const {
    return repr_;
  }
  constexpr DispatchKeySet operator|(DispatchKeySet o) const {
    return DispatchKeySet(RAW, repr_ | o.repr_);
  }
  constexpr DispatchKeySet operator&(DispatchKeySet o) const {
    return DispatchKeySet(RAW, repr_ & o.repr_);
  }
  constexpr DispatchKeySet operator-(DispatchKeySet o) const {
    return DispatchKeySet(RAW, repr_ & ~o.repr_);
  }
  constexpr bool operator==(DispatchKeySet o) const {
    return repr_ == o.repr_;
  }
  constexpr bool operator!=(DispatchKeySet o) const {
    return repr_ != o.repr_;
  }
  constexpr DispatchKeySet add(DispatchKey k) const {
    return *this | DispatchKeySet(k);
  }
  constexpr DispatchKeySet remove(DispatchKey k) const {
    return *this - DispatchKeySet(k);
  }

  // The key a call with this set goes to; Undefined for the empty set.
  DispatchKey highestPriorityTypeId() const {
    if (repr_ == 0) {
      return DispatchKey::Undefined;
    }
    return static_cast<DispatchKey>(63 - __builtin_clzll(repr_));
  }

  constexpr bool isSupersetOf(DispatchKeySet o) const {
    return (repr_ & o.repr_) == o.repr_;
  }

 private:
  static constexpr std::uint64_t bit(DispatchKey k) {
    return std::uint64_t{1} << static_cast<unsigned>(k);
  }
  static constexpr std::uint64_t range(DispatchKey first, DispatchKey last) {
    return ((bit(last) << 1) - 1) & ~(bit(first) - 1);
  }
  static constexpr std::uint64_t single(DispatchKey k) {
    if (k == DispatchKey::Undefined || k == DispatchKey::EndOfKeys) {
      return 0;
    }
    if (k == DispatchKey::Autograd) {
      return range(DispatchKey::AutogradOther, DispatchKey::AutogradPrivateUse1);
    }
    if (k == DispatchKey::CompositeImplicitAutograd || k == DispatchKey::CompositeExplicitAutograd) {
      return range(DispatchKey::CPU, DispatchKey::AutogradPrivateUse1) & ~bit(DispatchKey::BackendSelect);
    }
    return bit(k);
  }
  static constexpr std::uint64_t kAllKeys =
      ((std::uint64_t{1} << kNumDispatchKeys) - 1) & ~std::uint64_t{1};
  std::uint64_t repr_ = 0;
};

// Every autograd key.
constexpr DispatchKeySet autograd_dispatch_keyset = DispatchKeySet(DispatchKey::Autograd);
// Every backend key.
constexpr DispatchKeySet backend_dispatch_keyset = DispatchKeySet(
    DispatchKeySet::RAW, ((std::uint64_t{1} << (static_cast<unsigned>(DispatchKey::PrivateUse1) + 1)) - 1) &
                             ~std::uint64_t{1});

// The autograd key of the highest backend in `ks` (AutogradOther when it
// has none): what a tensor with these keys answers to when it requires grad.
inline DispatchKeySet getAutogradRelatedKeySetFromBackend(DispatchKeySet ks) {
  return DispatchKeySet(getAutogradKeyFromBackend((ks & backend_dispatch_keyset).highestPriorityTypeId()));
}

// The one key a tensor's set stands for, its autograd keys ignored (the
// backend key of a plain tensor).
inline DispatchKey legacyExtractDispatchKey(DispatchKeySet s) {
  return (s - autograd_dispatch_keyset).highestPriorityTypeId();
}

inline std::ostream& operator<<(std::ostream& out, DispatchKeySet s) {
  out << "DispatchKeySet(";
  bool first = true;
  for (std::size_t k = 1; k < kNumDispatchKeys; ++k) {
    if (s.has(static_cast<DispatchKey>(k))) {
      out << (first ? "" : ", ") << static_cast<DispatchKey>(k);
      first = false;
    }
  }
  return out << ")";
}

} // namespace c10
