// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// c10::SymFloat holding a plain double (see SymBool.h: no symbolic nodes).

#include <c10/core/SymBool.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <ostream>

namespace c10 {

class SymFloat {
 public:
  /*implicit*/ SymFloat(double d) : data_(d) {} // NOLINT(google-explicit-constructor): as PyTorch
  SymFloat() : data_(0.0) {}

  bool is_symbolic() const noexcept { return false; }
  bool is_heap_allocated() const noexcept { return false; }
  bool has_hint() const noexcept { return true; }
  double as_float_unchecked() const noexcept { return data_; }
  std::optional<double> maybe_as_float() const noexcept { return data_; }
  double expect_float() const noexcept { return data_; }
  double guard_float(const char* /*file*/, int64_t /*line*/) const noexcept { return data_; }

  SymFloat operator+(const SymFloat& o) const { return data_ + o.data_; }
  SymFloat operator-(const SymFloat& o) const { return data_ - o.data_; }
  SymFloat operator*(const SymFloat& o) const { return data_ * o.data_; }
  SymFloat operator/(const SymFloat& o) const { return data_ / o.data_; }
  SymBool sym_eq(const SymFloat& o) const { return data_ == o.data_; }
  SymBool sym_ne(const SymFloat& o) const { return data_ != o.data_; }
  SymBool sym_lt(const SymFloat& o) const { return data_ < o.data_; }
  SymBool sym_le(const SymFloat& o) const { return data_ <= o.data_; }
  SymBool sym_gt(const SymFloat& o) const { return data_ > o.data_; }
  SymBool sym_ge(const SymFloat& o) const { return data_ >= o.data_; }
  bool operator==(const SymFloat& o) const { return data_ == o.data_; }
  bool operator!=(const SymFloat& o) const { return data_ != o.data_; }
  bool operator<(const SymFloat& o) const { return data_ < o.data_; }
  bool operator<=(const SymFloat& o) const { return data_ <= o.data_; }
  bool operator>(const SymFloat& o) const { return data_ > o.data_; }
  bool operator>=(const SymFloat& o) const { return data_ >= o.data_; }
  SymFloat min(const SymFloat& o) const { return std::fmin(data_, o.data_); }
  SymFloat max(const SymFloat& o) const { return std::fmax(data_, o.data_); }
  SymFloat sqrt() const { return std::sqrt(data_); }

 private:
  double data_;
};

inline std::ostream& operator<<(std::ostream& os, const SymFloat& f) {
  return os << f.as_float_unchecked();
}

} // namespace c10
