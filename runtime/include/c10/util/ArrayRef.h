// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/util/Exception.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <vector>

namespace c10 {

// A non-owning view of a contiguous run of T: pointer plus length. Shapes and
// strides are passed as ArrayRef<int64_t> (IntArrayRef) so that a braced list,
// a std::vector or a tensor's own sizes() can be handed over without a copy.
// The caller keeps the elements alive: an ArrayRef made from a temporary
// initializer_list dangles after the full expression, as in libtorch.
template <typename T>
class ArrayRef final {
 public:
  using value_type = T;
  using iterator = const T*;
  using const_iterator = const T*;
  using size_type = size_t;

  constexpr ArrayRef() : data_(nullptr), length_(0) {}
  constexpr ArrayRef(const T& one) : data_(&one), length_(1) {}
  constexpr ArrayRef(const T* data, size_t length)
      : data_(data), length_(length) {}
  constexpr ArrayRef(const T* begin, const T* end)
      : data_(begin), length_(static_cast<size_t>(end - begin)) {}
  template <typename A>
  /* implicit */ ArrayRef(const std::vector<T, A>& v)
      : data_(v.data()), length_(v.size()) {}
  template <size_t N>
  /* implicit */ constexpr ArrayRef(const std::array<T, N>& a)
      : data_(a.data()), length_(N) {}
  template <size_t N>
  /* implicit */ constexpr ArrayRef(const T (&a)[N]) : data_(a), length_(N) {}
// GCC warns that the list's array is not kept alive; that is the documented
// contract (see above), as for std::string_view.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
#endif
  /* implicit */ constexpr ArrayRef(const std::initializer_list<T>& list)
      : data_(list.begin() == list.end() ? nullptr : list.begin()),
        length_(list.size()) {}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

  constexpr const T* begin() const { return data_; }
  constexpr const T* end() const { return data_ + length_; }
  constexpr const T* data() const { return data_; }
  constexpr size_t size() const { return length_; }
  constexpr bool empty() const { return length_ == 0; }

  const T& front() const {
    TORCH_CHECK(!empty(), "ArrayRef: front() on an empty list");
    return data_[0];
  }
  const T& back() const {
    TORCH_CHECK(!empty(), "ArrayRef: back() on an empty list");
    return data_[length_ - 1];
  }
  constexpr const T& operator[](size_t i) const { return data_[i]; }
  const T& at(size_t i) const {
    TORCH_CHECK(i < length_, "ArrayRef: index ", i, " out of range for length ", length_);
    return data_[i];
  }

  ArrayRef slice(size_t start, size_t n) const {
    TORCH_CHECK(start + n <= length_, "ArrayRef: slice [", start, ", ", start + n,
                ") out of range for length ", length_);
    return ArrayRef(data_ + start, n);
  }
  ArrayRef slice(size_t start) const { return slice(start, length_ - start); }

  bool equals(ArrayRef other) const {
    if (length_ != other.length_) return false;
    for (size_t i = 0; i < length_; ++i) {
      if (!(data_[i] == other.data_[i])) return false;
    }
    return true;
  }

  std::vector<T> vec() const { return std::vector<T>(begin(), end()); }

 private:
  const T* data_;
  size_t length_;
};

template <typename T>
bool operator==(ArrayRef<T> a, ArrayRef<T> b) { return a.equals(b); }
template <typename T>
bool operator!=(ArrayRef<T> a, ArrayRef<T> b) { return !a.equals(b); }
template <typename T>
bool operator==(const std::vector<T>& a, ArrayRef<T> b) { return b.equals(a); }
template <typename T>
bool operator==(ArrayRef<T> a, const std::vector<T>& b) { return a.equals(b); }

// Prints "[2, 3]", the form libtorch uses in its error messages.
template <typename T>
std::ostream& operator<<(std::ostream& out, ArrayRef<T> list) {
  out << "[";
  for (size_t i = 0; i < list.size(); ++i) {
    if (i > 0) out << ", ";
    out << list[i];
  }
  return out << "]";
}

using IntArrayRef = ArrayRef<int64_t>;

} // namespace c10

namespace at {
using c10::ArrayRef;
using c10::IntArrayRef;
} // namespace at
