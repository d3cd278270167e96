// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <cstdint>

namespace c10 {

// How the TorchScript compiler is to reason about an operator's aliasing
// (libtorch's enum; the runtime only records it with the schema).
enum class AliasAnalysisKind : std::uint8_t {
  INTERNAL_SPECIAL_CASE,
  CONSERVATIVE, // the default when a schema does not say
  FROM_SCHEMA,
  PURE_FUNCTION,
};

constexpr const char* toString(AliasAnalysisKind k) {
  return k == AliasAnalysisKind::CONSERVATIVE       ? "CONSERVATIVE"
         : k == AliasAnalysisKind::FROM_SCHEMA      ? "FROM_SCHEMA"
         : k == AliasAnalysisKind::PURE_FUNCTION    ? "PURE_FUNCTION"
                                                     : "INTERNAL_SPECIAL_CASE";
}

} // namespace c10
