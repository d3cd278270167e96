// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Compiler helpers shared by the reference runtime's headers. Only what the
// headers use lives here; each macro keeps the name and meaning it has in
// PyTorch so that code written against libtorch compiles unchanged.

// Defined only by the reference runtime, never by libtorch: lets a test (or a
// program built both ways) tell which implementation it was compiled against.
#define C10TIDY_REFERENCE_RUNTIME 1

// Exported-symbol annotation. The runtime is header-only, so there is nothing
// to export; the macro exists because c10 class declarations carry it.
#define C10_API

#define C10_STRINGIZE_IMPL(x) #x
#define C10_STRINGIZE(x) C10_STRINGIZE_IMPL(x)

// Branch hints: `if (C10_UNLIKELY(p == nullptr))`.
#if defined(__GNUC__) || defined(__clang__)
#define C10_LIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 1))
#define C10_UNLIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 0))
#define C10_NOINLINE __attribute__((noinline))
#define C10_ALWAYS_INLINE __attribute__((__always_inline__)) inline
#else
#define C10_LIKELY(expr) (expr)
#define C10_UNLIKELY(expr) (expr)
#define C10_NOINLINE
#define C10_ALWAYS_INLINE inline
#endif
