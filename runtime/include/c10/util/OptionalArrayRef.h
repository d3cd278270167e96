// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// c10::OptionalArrayRef<T>: an optional view of an array, the type of an
// optional list argument (`int[]? dim`) in PyTorch 2.x signatures. It behaves
// as std::optional<ArrayRef<T>> but converts from whatever an ArrayRef<T>
// converts from (a vector, a std::array, one element, a braced list), which
// std::optional's converting constructor cannot chain.

#include <c10/util/ArrayRef.h>

#include <initializer_list>
#include <optional>
#include <type_traits>
#include <utility>

namespace c10 {

template <typename T>
class OptionalArrayRef final {
 public:
  constexpr OptionalArrayRef() noexcept = default;
  constexpr OptionalArrayRef(std::nullopt_t) noexcept {} // NOLINT(google-explicit-constructor)
  constexpr OptionalArrayRef(const std::optional<ArrayRef<T>>& other) noexcept // NOLINT(google-explicit-constructor)
      : ref_(other) {}
  constexpr OptionalArrayRef(const T& value) noexcept : ref_(ArrayRef<T>(value)) {} // NOLINT(google-explicit-constructor)
  // Anything an ArrayRef<T> can be made from, except the types above.
  template <
      typename U,
      std::enable_if_t<
          !std::is_same<std::decay_t<U>, OptionalArrayRef>::value &&
              !std::is_same<std::decay_t<U>, std::nullopt_t>::value &&
              !std::is_same<std::decay_t<U>, T>::value &&
              !std::is_same<std::decay_t<U>, std::optional<ArrayRef<T>>>::value &&
              std::is_constructible<ArrayRef<T>, U&&>::value,
          int> = 0>
  constexpr OptionalArrayRef(U&& value) // NOLINT(google-explicit-constructor)
      : ref_(ArrayRef<T>(std::forward<U>(value))) {}
  constexpr OptionalArrayRef(const std::initializer_list<T>& list) : ref_(ArrayRef<T>(list)) {}

  constexpr OptionalArrayRef& operator=(std::nullopt_t) noexcept {
    ref_.reset();
    return *this;
  }

  // Unchecked, as std::optional's operators are: the caller tests first.
  constexpr const ArrayRef<T>* operator->() const noexcept {
    return &*ref_; // NOLINT(bugprone-unchecked-optional-access)
  }
  constexpr const ArrayRef<T>& operator*() const& noexcept {
    return *ref_; // NOLINT(bugprone-unchecked-optional-access)
  }
  constexpr explicit operator bool() const noexcept { return ref_.has_value(); }
  constexpr bool has_value() const noexcept { return ref_.has_value(); }
  constexpr const ArrayRef<T>& value() const& { return ref_.value(); }
  template <typename U>
  constexpr ArrayRef<T> value_or(U&& fallback) const& {
    return ref_.has_value() ? *ref_ : ArrayRef<T>(std::forward<U>(fallback));
  }
  constexpr void reset() noexcept { ref_.reset(); }
  void swap(OptionalArrayRef& other) noexcept { std::swap(ref_, other.ref_); }

 private:
  std::optional<ArrayRef<T>> ref_;
};

// Equal when both are empty, or both hold equal elements.
template <typename T>
bool operator==(const OptionalArrayRef<T>& a, const OptionalArrayRef<T>& b) {
  if (a.has_value() != b.has_value()) {
    return false;
  }
  return !a.has_value() || *a == *b;
}
template <typename T>
bool operator!=(const OptionalArrayRef<T>& a, const OptionalArrayRef<T>& b) {
  return !(a == b);
}

using OptionalIntArrayRef = OptionalArrayRef<int64_t>;

} // namespace c10

namespace at {
using c10::OptionalArrayRef;
using c10::OptionalIntArrayRef;
} // namespace at
