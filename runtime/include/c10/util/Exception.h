// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/macros/Macros.h>
#include <c10/util/Logging.h>
#include <c10/util/StringUtil.h>

#include <cstdint>
#include <exception>
#include <string>
#include <utility>

namespace c10 {

// The error every failed check throws. what() names the failed condition's
// source location; msg() is the message alone, for callers that add their own
// context.
class C10_API Error : public std::exception {
 public:
  Error(std::string msg, const char* file, std::uint32_t line, const char* func)
      : msg_(std::move(msg)),
        what_(c10::str(msg_, " (in ", func, " at ", file, ":", line, ")")) {}

  const std::string& msg() const noexcept {
    return msg_;
  }

  const char* what() const noexcept override {
    return what_.c_str();
  }

 private:
  std::string msg_;
  std::string what_;
};

namespace detail {

// Failure paths are out of line so that a check costs one compare and a
// not-taken branch on the fast path. Thrown from a noexcept function (a
// destructor, reset()), the error ends in std::terminate, whose default
// handler prints what() -- the message is never lost.
[[noreturn]] C10_NOINLINE inline void torchCheckFail(
    const char* func,
    const char* file,
    std::uint32_t line,
    std::string msg) {
  throw ::c10::Error(std::move(msg), file, line, func);
}

[[noreturn]] C10_NOINLINE inline void torchInternalAssertFail(
    const char* func,
    const char* file,
    std::uint32_t line,
    const char* condition,
    const std::string& msg) {
  throw ::c10::Error(
      c10::str("internal assertion `", condition, "` failed: ", msg),
      file,
      line,
      func);
}

} // namespace detail
} // namespace c10

// TORCH_CHECK(cond, message parts...): reports bad input from a caller.
// Throws c10::Error whose message is the concatenated parts, or names the
// condition when no parts are given.
#define TORCH_CHECK(cond, ...)                                        \
  do {                                                                \
    if (C10_UNLIKELY(!(cond))) {                                      \
      ::c10::detail::torchCheckFail(                                  \
          __func__,                                                   \
          __FILE__,                                                   \
          static_cast<std::uint32_t>(__LINE__),                       \
          ::c10::str("Expected " #cond " to be true. ", ##__VA_ARGS__)); \
    }                                                                 \
  } while (false)

// TORCH_INTERNAL_ASSERT(cond, message parts...): an invariant of the runtime
// or a precondition whose violation is a bug in the caller. Throws c10::Error.
#define TORCH_INTERNAL_ASSERT(cond, ...)                 \
  do {                                                   \
    if (C10_UNLIKELY(!(cond))) {                         \
      ::c10::detail::torchInternalAssertFail(            \
          __func__,                                      \
          __FILE__,                                      \
          static_cast<std::uint32_t>(__LINE__),          \
          #cond,                                         \
          ::c10::str(__VA_ARGS__));                      \
    }                                                    \
  } while (false)

// Checked only when NDEBUG is not defined; for hot paths. In release builds
// the arguments are still type-checked but never evaluated.
#ifdef NDEBUG
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(...) \
  do {                                        \
    if (false) {                              \
      TORCH_INTERNAL_ASSERT(__VA_ARGS__);     \
    }                                         \
  } while (false)
#else
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(...) TORCH_INTERNAL_ASSERT(__VA_ARGS__)
#endif
