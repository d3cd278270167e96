// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// c10::SymInt holding a plain int64_t. PyTorch 2.x's SymInt can also point to
// a symbolic node (a size torch.compile traces symbolically); the runtime has
// no symbolic nodes, so every SymInt is concrete: maybe_as_int() always has a
// value, guard_int() returns it, and an IValue made from one is an Int, as
// PyTorch stores a SymInt that holds an integer.

#include <c10/core/SymBool.h>
#include <c10/core/SymFloat.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <type_traits>
#include <vector>

namespace c10 {

class SymInt {
 public:
  /*implicit*/ SymInt(int64_t d) : data_(d) {} // NOLINT(google-explicit-constructor): as PyTorch
  SymInt() : data_(0) {}

  bool is_heap_allocated() const noexcept { return false; }
  bool is_symbolic() const noexcept { return false; }
  bool has_hint() const noexcept { return true; }
  int64_t as_int_unchecked() const noexcept { return data_; }
  std::optional<int64_t> maybe_as_int() const noexcept { return data_; }
  int64_t expect_int() const noexcept { return data_; }
  int64_t guard_int(const char* /*file*/, int64_t /*line*/) const noexcept { return data_; }
  bool expect_size(const char* /*file*/, int64_t /*line*/) const noexcept { return data_ >= 0; }
  SymInt clone() const noexcept { return *this; }
  bool is_same(const SymInt& o) const noexcept { return data_ == o.data_; }

  SymInt operator+(const SymInt& o) const { return data_ + o.data_; }
  SymInt operator-(const SymInt& o) const { return data_ - o.data_; }
  SymInt operator*(const SymInt& o) const { return data_ * o.data_; }
  // Concrete operands divide as int64_t does (truncation), as PyTorch's
  // concrete SymInts do; only symbolic ones take Python's floor division.
  SymInt operator/(const SymInt& o) const {
    TORCH_CHECK(o.data_ != 0, "SymInt: division by zero");
    return data_ / o.data_;
  }
  SymInt operator%(const SymInt& o) const {
    TORCH_CHECK(o.data_ != 0, "SymInt: modulo by zero");
    return data_ % o.data_;
  }
  SymInt operator-() const { return -data_; }
  void operator+=(const SymInt& o) { data_ += o.data_; }
  void operator-=(const SymInt& o) { data_ -= o.data_; }
  void operator*=(const SymInt& o) { data_ *= o.data_; }
  void operator/=(const SymInt& o) { *this = *this / o; }

  SymBool sym_eq(const SymInt& o) const { return data_ == o.data_; }
  SymBool sym_ne(const SymInt& o) const { return data_ != o.data_; }
  SymBool sym_lt(const SymInt& o) const { return data_ < o.data_; }
  SymBool sym_le(const SymInt& o) const { return data_ <= o.data_; }
  SymBool sym_gt(const SymInt& o) const { return data_ > o.data_; }
  SymBool sym_ge(const SymInt& o) const { return data_ >= o.data_; }
  SymInt min(const SymInt& o) const { return std::min(data_, o.data_); }
  SymInt max(const SymInt& o) const { return std::max(data_, o.data_); }
  // To a SymFloat, as `sym_int * 1.0` does.
  SymFloat toSymFloat() const { return static_cast<double>(data_); }
  operator SymFloat() const { return toSymFloat(); } // NOLINT(google-explicit-constructor): as PyTorch

  friend bool operator==(const SymInt& a, const SymInt& b) { return a.data_ == b.data_; }
  friend bool operator!=(const SymInt& a, const SymInt& b) { return a.data_ != b.data_; }
  friend bool operator<(const SymInt& a, const SymInt& b) { return a.data_ < b.data_; }
  friend bool operator<=(const SymInt& a, const SymInt& b) { return a.data_ <= b.data_; }
  friend bool operator>(const SymInt& a, const SymInt& b) { return a.data_ > b.data_; }
  friend bool operator>=(const SymInt& a, const SymInt& b) { return a.data_ >= b.data_; }

  // Whether an int64_t is representable (always, without symbolic nodes).
  static bool check_range(int64_t /*i*/) noexcept { return true; }

 private:
  int64_t data_;
};

// Mixed arithmetic with integers (the integer becomes a SymInt) and doubles
// (the result is a SymFloat), from either side.
#define C10TIDY_SYMINT_MIXED(op)                                                          \
  template <class I, std::enable_if_t<std::is_integral<I>::value, int> = 0>               \
  SymInt operator op(const SymInt& a, I b) { return a.operator op(SymInt(int64_t(b))); } \
  template <class I, std::enable_if_t<std::is_integral<I>::value, int> = 0>               \
  SymInt operator op(I a, const SymInt& b) { return SymInt(int64_t(a)).operator op(b); } \
  inline SymFloat operator op(const SymInt& a, double b) { return a.toSymFloat() op SymFloat(b); } \
  inline SymFloat operator op(double a, const SymInt& b) { return SymFloat(a) op b.toSymFloat(); }
C10TIDY_SYMINT_MIXED(+)
C10TIDY_SYMINT_MIXED(-)
C10TIDY_SYMINT_MIXED(*)
C10TIDY_SYMINT_MIXED(/)
#undef C10TIDY_SYMINT_MIXED

#define C10TIDY_SYMINT_COMPARE(op)                                                        \
  template <class I, std::enable_if_t<std::is_integral<I>::value, int> = 0>               \
  bool operator op(const SymInt& a, I b) { return a.as_int_unchecked() op int64_t(b); }   \
  template <class I, std::enable_if_t<std::is_integral<I>::value, int> = 0>               \
  bool operator op(I a, const SymInt& b) { return int64_t(a) op b.as_int_unchecked(); }
C10TIDY_SYMINT_COMPARE(==)
C10TIDY_SYMINT_COMPARE(!=)
C10TIDY_SYMINT_COMPARE(<)
C10TIDY_SYMINT_COMPARE(<=)
C10TIDY_SYMINT_COMPARE(>)
C10TIDY_SYMINT_COMPARE(>=)
#undef C10TIDY_SYMINT_COMPARE

template <class I, std::enable_if_t<std::is_integral<I>::value, int> = 0>
SymInt operator%(const SymInt& a, I b) {
  return a % SymInt(int64_t(b));
}

inline std::ostream& operator<<(std::ostream& os, const SymInt& s) {
  return os << s.as_int_unchecked();
}

using SymIntArrayRef = ArrayRef<SymInt>;

// SymIntArrayRef <-> IntArrayRef. A SymInt is a standard-layout class whose
// only member is an int64_t, so each element is pointer-interconvertible with
// its integer; the conversions are views, as PyTorch's are when no element is
// symbolic (PyTorch reinterprets the array the same way).
static_assert(sizeof(SymInt) == sizeof(int64_t) && std::is_standard_layout<SymInt>::value,
              "a SymInt array must be an int64_t array");
inline IntArrayRef asIntArrayRefUnchecked(SymIntArrayRef ar) {
  return IntArrayRef(reinterpret_cast<const int64_t*>(ar.data()), ar.size());
}
inline std::optional<IntArrayRef> asIntArrayRefSlowOpt(SymIntArrayRef ar) {
  return asIntArrayRefUnchecked(ar);
}
inline IntArrayRef asIntArrayRefSlow(SymIntArrayRef ar, const char* /*file*/ = nullptr, int64_t /*line*/ = 0) {
  return asIntArrayRefUnchecked(ar);
}
inline SymIntArrayRef fromIntArrayRefUnchecked(IntArrayRef ar) {
  return SymIntArrayRef(reinterpret_cast<const SymInt*>(ar.data()), ar.size());
}
inline SymIntArrayRef fromIntArrayRefKnownNonNegative(IntArrayRef ar) {
  return fromIntArrayRefUnchecked(ar);
}
inline SymIntArrayRef fromIntArrayRefSlow(IntArrayRef ar) {
  return fromIntArrayRefUnchecked(ar);
}
#define C10_AS_INTARRAYREF_SLOW(a) c10::asIntArrayRefSlow(a, __FILE__, __LINE__)

} // namespace c10
