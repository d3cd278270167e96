// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// caffe2::TypeMeta: a tensor's element type as libtorch passes it to
// TensorImpl's constructor. The runtime's tensors hold the element types of
// ScalarType only, so a TypeMeta is one ScalarType.

#include <c10/core/ScalarType.h>

#include <cstddef>
#include <ostream>

namespace caffe2 {

class TypeMeta final {
 public:
  constexpr TypeMeta() noexcept = default;

  template <class T>
  static constexpr TypeMeta Make() noexcept {
    return TypeMeta(c10::CppTypeToScalarType<T>::value);
  }
  static constexpr TypeMeta fromScalarType(c10::ScalarType t) noexcept { return TypeMeta(t); }

  constexpr c10::ScalarType toScalarType() const noexcept { return type_; }
  std::size_t itemsize() const { return c10::elementSize(type_); }
  const char* name() const { return c10::toString(type_); }

  template <class T>
  bool Match() const noexcept {
    return type_ == c10::CppTypeToScalarType<T>::value;
  }

  friend constexpr bool operator==(TypeMeta a, TypeMeta b) noexcept { return a.type_ == b.type_; }
  friend constexpr bool operator!=(TypeMeta a, TypeMeta b) noexcept { return a.type_ != b.type_; }
  friend std::ostream& operator<<(std::ostream& out, TypeMeta t) { return out << t.name(); }

 private:
  constexpr explicit TypeMeta(c10::ScalarType t) noexcept : type_(t) {}
  c10::ScalarType type_ = c10::ScalarType::Float;
};

} // namespace caffe2

namespace c10 {
using caffe2::TypeMeta;
} // namespace c10
