#pragma once

namespace c10 {

// Tag selecting a constructor that builds the contained value in place from
// the remaining arguments (MaybeOwned<T>::owned(c10::in_place, args...)).
struct in_place_t {
  explicit in_place_t() = default;
};

inline constexpr in_place_t in_place{};

} // namespace c10
