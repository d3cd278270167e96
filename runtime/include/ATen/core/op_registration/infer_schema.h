// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Comparing two schemas as libtorch's registration does when it checks a
// kernel's inferred schema against the one given.

#include <ATen/core/function_schema.h>
#include <c10/util/Optional.h>
#include <c10/util/string_utils.h>

#include <cstddef>
#include <string>

namespace c10 {

// The first difference between `lhs` and `rhs` in argument count, return
// count, argument types, return types (in that order, in libtorch's words),
// or nullopt; names and defaults are not compared.
inline c10::optional<std::string> findSchemaDifferences(const FunctionSchema& lhs, const FunctionSchema& rhs) {
  if (lhs.arguments().size() != rhs.arguments().size()) {
    return "The number of arguments is different. " + guts::to_string(lhs.arguments().size()) + " vs " +
           guts::to_string(rhs.arguments().size()) + ".";
  }
  if (lhs.returns().size() != rhs.returns().size()) {
    return "The number of returns is different. " + guts::to_string(lhs.returns().size()) + " vs " +
           guts::to_string(rhs.returns().size());
  }
  for (std::size_t i = 0; i < lhs.arguments().size(); ++i) {
    if (lhs.arguments()[i].type() != rhs.arguments()[i].type()) {
      return "Type mismatch in argument " + guts::to_string(i + 1) + ": " + lhs.arguments()[i].type().str() + " vs " +
             rhs.arguments()[i].type().str();
    }
  }
  for (std::size_t i = 0; i < lhs.returns().size(); ++i) {
    if (lhs.returns()[i].type() != rhs.returns()[i].type()) {
      return "Type mismatch in return " + guts::to_string(i + 1) + ": " + lhs.returns()[i].type().str() + " vs " +
             rhs.returns()[i].type().str();
    }
  }
  return c10::nullopt;
}

} // namespace c10
