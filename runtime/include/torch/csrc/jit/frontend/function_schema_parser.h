// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <ATen/core/function_schema.h>

#include <string>

namespace torch {
namespace jit {

// Parses "ns::name[.overload](args) -> returns". A malformed schema throws
// c10::Error whose message names the column of the error, what was expected
// and what was found, and repeats the schema with a caret under the column.
c10::FunctionSchema parseSchema(const std::string& schema);

// Parses "ns::name[.overload]" alone.
c10::OperatorName parseName(const std::string& name);

} // namespace jit
} // namespace torch
