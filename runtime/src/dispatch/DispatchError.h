// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Errors of the operator library: c10::Error with the message alone (the
// runtime's TORCH_CHECK prefixes "Expected <condition> to be true.", which
// says nothing to someone who called an operator wrongly).

#include <c10/macros/Macros.h>
#include <c10/util/Exception.h>
#include <c10/util/StringUtil.h>

#include <cstdint>

namespace c10 {
namespace impl {

template <class... Args>
[[noreturn]] C10_NOINLINE void dispatchFail(const char* func, const char* file, std::uint32_t line,
                                            const Args&... parts) {
  throw ::c10::Error(::c10::str(parts...), file, line, func);
}

} // namespace impl
} // namespace c10

#define C10_DISPATCH_FAIL(...) \
  ::c10::impl::dispatchFail(__func__, __FILE__, static_cast<std::uint32_t>(__LINE__), __VA_ARGS__)

#define C10_DISPATCH_CHECK(cond, ...) \
  do {                                \
    if (C10_UNLIKELY(!(cond))) {      \
      C10_DISPATCH_FAIL(__VA_ARGS__); \
    }                                 \
  } while (false)
