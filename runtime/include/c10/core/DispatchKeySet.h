#pragma once

#include <c10/core/DispatchKey.h>

#include <cstdint>

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
  constexpr explicit DispatchKeySet(DispatchKey k)
      : repr_(k == DispatchKey::Undefined ? 0 : std::uint64_t{1} << static_cast<unsigned>(k)) {}

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

 private:
  static constexpr std::uint64_t kAllKeys =
      ((std::uint64_t{1} << kNumDispatchKeys) - 1) & ~std::uint64_t{1};
  std::uint64_t repr_ = 0;
};

} // namespace c10
