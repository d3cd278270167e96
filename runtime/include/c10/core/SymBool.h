// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// c10::SymBool holding a plain bool. PyTorch 2.x's SymBool can also hold a
// symbolic expression node (torch.compile's shape guards); the runtime has no
// symbolic nodes, so every SymBool is concrete: maybe_as_bool() always has a
// value and the guards return it.

#include <c10/util/Exception.h>

#include <cstdint>
#include <optional>
#include <ostream>

namespace c10 {

class SymBool {
 public:
  /*implicit*/ SymBool(bool b) : data_(b) {} // NOLINT(google-explicit-constructor): as PyTorch

  bool is_heap_allocated() const noexcept { return false; }
  bool is_symbolic() const noexcept { return false; }
  bool has_hint() const noexcept { return true; }
  bool as_bool_unchecked() const noexcept { return data_; }
  std::optional<bool> maybe_as_bool() const noexcept { return data_; }
  bool expect_bool() const noexcept { return data_; }
  bool guard_bool(const char* /*file*/, int64_t /*line*/) const noexcept { return data_; }
  bool expect_true(const char* /*file*/, int64_t /*line*/) const noexcept { return data_; }
  bool guard_size_oblivious(const char* /*file*/, int64_t /*line*/) const noexcept { return data_; }

  SymBool sym_and(const SymBool& o) const noexcept { return data_ && o.data_; }
  SymBool sym_or(const SymBool& o) const noexcept { return data_ || o.data_; }
  SymBool sym_not() const noexcept { return !data_; }
  SymBool operator&(const SymBool& o) const noexcept { return sym_and(o); }
  SymBool operator|(const SymBool& o) const noexcept { return sym_or(o); }
  SymBool operator~() const noexcept { return sym_not(); }

 private:
  bool data_;
};

inline std::ostream& operator<<(std::ostream& os, const SymBool& b) {
  return os << b.as_bool_unchecked();
}

// PyTorch's guard macros: with a concrete SymBool the answer is the value.
#define TORCH_GUARD_SIZE_OBLIVIOUS(cond) (cond).guard_size_oblivious(__FILE__, __LINE__)

inline bool guard_size_oblivious(bool b, const char* /*file*/, int64_t /*line*/) { return b; }
inline bool guard_size_oblivious(const SymBool& b, const char* file, int64_t line) {
  return b.guard_size_oblivious(file, line);
}

} // namespace c10
