// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/core/ScalarType.h>
#include <c10/util/Exception.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <ostream>
#include <type_traits>

namespace c10 {

// A number outside a tensor: what fill_, full, add's alpha and item() take
// or return. Holds a double, an int64 or a bool, and remembers which; the
// kind takes part in type promotion (int tensor + 2.5 gives a float tensor).
class C10_API Scalar final {
 public:
  Scalar() : Scalar(int64_t{0}) {}
  template <typename T, std::enable_if_t<std::is_floating_point<T>::value, int> = 0>
  /* implicit */ Scalar(T v) : tag_(Tag::Double) { v_.d = static_cast<double>(v); }
  template <typename T,
            std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value, int> = 0>
  /* implicit */ Scalar(T v) : tag_(Tag::Long) {
    TORCH_CHECK(!std::is_unsigned<T>::value || static_cast<uint64_t>(v) <= uint64_t(INT64_MAX),
                "Scalar: value ", v, " does not fit in int64");
    v_.i = static_cast<int64_t>(v);
  }
  /* implicit */ Scalar(bool v) : tag_(Tag::Bool) { v_.i = v ? 1 : 0; }

  bool isFloatingPoint() const noexcept { return tag_ == Tag::Double; }
  bool isIntegral(bool includeBool) const noexcept {
    return tag_ == Tag::Long || (includeBool && tag_ == Tag::Bool);
  }
  bool isBoolean() const noexcept { return tag_ == Tag::Bool; }
  // The tensor type this number would have on its own (libtorch's
  // Scalar::type(): Double, Long or Bool).
  ScalarType type() const noexcept {
    return tag_ == Tag::Double ? ScalarType::Double : tag_ == Tag::Long ? ScalarType::Long : ScalarType::Bool;
  }

  // Converts to T; throws c10::Error if the value does not fit (an integer
  // out of T's range, a non-finite value into an integer), as libtorch's
  // checked conversion does.
  template <typename T>
  T to() const;

  double toDouble() const { return to<double>(); }
  float toFloat() const { return to<float>(); }
  int64_t toLong() const { return to<int64_t>(); }
  int toInt() const { return to<int32_t>(); }
  bool toBool() const { return to<bool>(); }

  Scalar operator-() const {
    if (tag_ == Tag::Double) return Scalar(-v_.d);
    TORCH_CHECK(tag_ != Tag::Bool, "negation of a boolean Scalar is not supported");
    return Scalar(-v_.i);
  }

 private:
  enum class Tag : uint8_t { Double, Long, Bool };
  Tag tag_;
  union {
    double d;
    int64_t i;
  } v_;
};

namespace detail {
template <typename To, typename From>
inline bool overflows(From f) {
  if (std::is_same<To, bool>::value) return false;
  if (std::is_floating_point<To>::value) {
    if (!std::is_floating_point<From>::value) return false;
    // A finite double out of float's range overflows; inf and nan convert.
    if (!std::isfinite(static_cast<double>(f))) return false;
    return std::fabs(static_cast<double>(f)) > static_cast<double>(std::numeric_limits<To>::max());
  }
  // Integral target.
  if (std::is_floating_point<From>::value) {
    double d = static_cast<double>(f);
    if (!std::isfinite(d)) return true;
    return d < static_cast<double>(std::numeric_limits<To>::lowest()) ||
           d >= static_cast<double>(std::numeric_limits<To>::max()) + 1.0;
  }
  int64_t v = static_cast<int64_t>(f);
  if (std::is_same<To, uint8_t>::value) {
    // libtorch lets uint8 wrap around from negative values (-1 -> 255).
    return v < std::numeric_limits<int8_t>::lowest() || v > 255;
  }
  return v < static_cast<int64_t>(std::numeric_limits<To>::lowest()) ||
         v > static_cast<int64_t>(std::numeric_limits<To>::max());
}
template <typename T>
const char* cppTypeName() {
  return toString(CppTypeToScalarType<T>::value);
}
} // namespace detail

template <typename T>
T Scalar::to() const {
  if (tag_ == Tag::Double) {
    TORCH_CHECK(!detail::overflows<T>(v_.d), "value cannot be converted to type ",
                detail::cppTypeName<T>(), " without overflow: ", v_.d);
    if (std::is_same<T, bool>::value) return static_cast<T>(v_.d != 0);
    return static_cast<T>(v_.d);
  }
  TORCH_CHECK(!detail::overflows<T>(v_.i), "value cannot be converted to type ",
              detail::cppTypeName<T>(), " without overflow: ", v_.i);
  if (std::is_same<T, bool>::value) return static_cast<T>(v_.i != 0);
  return static_cast<T>(v_.i);
}

inline std::ostream& operator<<(std::ostream& out, const Scalar& s) {
  if (s.isFloatingPoint()) return out << s.toDouble();
  if (s.isBoolean()) return out << (s.toBool() ? "true" : "false");
  return out << s.toLong();
}

} // namespace c10

namespace at {
using c10::Scalar;
} // namespace at
