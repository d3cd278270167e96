// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Helpers shared by the kernel files of the tensor library. Not installed:
// nothing under runtime/include depends on it.

#include <ATen/ATen.h>
#include <c10/core/CPUAllocator.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

namespace at {
namespace internal {

using c10::Storage;

// A fresh tensor over `storage`.
inline Tensor make_tensor(Storage storage, ScalarType dtype, IntArrayRef sizes, IntArrayRef strides,
                          int64_t offset) {
  auto impl = c10::make_intrusive<TensorImpl, UndefinedTensorImpl>(std::move(storage), dtype);
  impl->set_sizes_and_strides(sizes, strides, offset);
  return Tensor(std::move(impl));
}

// A view of `self`'s storage with new geometry.
inline Tensor make_view(const Tensor& self, IntArrayRef sizes, IntArrayRef strides, int64_t offset) {
  return make_tensor(self.storage(), self.scalar_type(), sizes, strides, offset);
}

// Number of elements of `sizes`; throws if it overflows int64.
inline int64_t checked_numel(IntArrayRef sizes) {
  int64_t n = 1;
  for (int64_t s : sizes) {
    TORCH_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", sizes);
    TORCH_CHECK(!__builtin_mul_overflow(n, s, &n), "Tensor of sizes ", sizes, " has too many elements");
  }
  return n;
}

// An uninitialised contiguous tensor.
inline Tensor empty_contiguous(IntArrayRef sizes, ScalarType dtype) {
  const int64_t n = checked_numel(sizes);
  size_t nbytes = 0;
  TORCH_CHECK(!__builtin_mul_overflow(static_cast<size_t>(n), c10::elementSize(dtype), &nbytes),
              "Tensor of sizes ", sizes, " is too large");
  auto impl = c10::make_intrusive<TensorImpl, UndefinedTensorImpl>(
      Storage(Storage::use_byte_size_t(), nbytes, c10::GetCPUAllocator(), /*resizable=*/true), dtype);
  impl->set_sizes_contiguous(sizes);
  return Tensor(std::move(impl));
}

// Calls f(T{}) with T the C++ type of `t`.
template <typename F>
void dispatch_all(ScalarType t, const char* op, F&& f) {
  switch (t) {
    case ScalarType::Byte: f(uint8_t{}); return;
    case ScalarType::Char: f(int8_t{}); return;
    case ScalarType::Short: f(int16_t{}); return;
    case ScalarType::Int: f(int32_t{}); return;
    case ScalarType::Long: f(int64_t{}); return;
    case ScalarType::Float: f(float{}); return;
    case ScalarType::Double: f(double{}); return;
    case ScalarType::Bool: f(bool{}); return;
    default: break;
  }
  TORCH_CHECK(false, op, ": unsupported scalar type ", t);
}

// Conversion between element types without undefined behaviour. Floating
// to integral: truncation toward zero; NaN and values beyond int64 give the
// type's lowest value, and narrow types wrap through int64 -- what x86's
// cvttsd2si-based conversion (and so libtorch on x86-64) produces.
template <typename To, typename From>
inline To convert(From v) {
  if constexpr (std::is_same<To, bool>::value) {
    return v != From(0);
  } else if constexpr (std::is_floating_point<From>::value && std::is_integral<To>::value) {
    if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) return std::numeric_limits<To>::lowest();
    const int64_t i = static_cast<int64_t>(v);
    if constexpr (sizeof(To) == 4) {
      if (i < INT32_MIN || i > INT32_MAX) return std::numeric_limits<To>::lowest();
    }
    return static_cast<To>(i);
  } else {
    return static_cast<To>(v);
  }
}

// Integer arithmetic that wraps instead of overflowing (signed overflow is
// undefined in C++; libtorch's kernels wrap in practice).
template <typename T, typename = void>
struct wrap_type {
  using type = T;
};
template <typename T>
struct wrap_type<T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value>> {
  using type = std::make_unsigned_t<T>;
};
template <typename T>
using wrap_t = typename wrap_type<T>::type;

template <typename T>
inline T wrapping_add(T a, T b) {
  using U = wrap_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}
template <typename T>
inline T wrapping_sub(T a, T b) {
  using U = wrap_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
}
template <typename T>
inline T wrapping_mul(T a, T b) {
  using U = wrap_t<T>;
  // uint16 * uint16 promotes to (signed) int and can overflow; go through
  // unsigned int for the narrow types.
  using W = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;
  return static_cast<T>(static_cast<U>(static_cast<W>(static_cast<U>(a)) * static_cast<W>(static_cast<U>(b))));
}

// Throws if writing to `t` would write one memory location twice (a stride 0
// over a dimension of size > 1, as after expand()).
inline void check_no_internal_overlap(const Tensor& t) {
  for (int64_t d = 0; d < t.dim(); ++d) {
    TORCH_CHECK(!(t.strides()[d] == 0 && t.sizes()[d] > 1),
                "unsupported operation: more than one element of the written-to tensor refers to a single "
                "memory location. Please clone() the tensor before performing the operation.");
  }
}

bool is_non_overlapping_and_dense(const Tensor& t);
Tensor empty_like_preserve(const Tensor& self, ScalarType dtype);

// Whether a and b may share bytes (same storage and overlapping ranges).
bool may_overlap(const Tensor& a, const Tensor& b);

} // namespace internal
} // namespace at
