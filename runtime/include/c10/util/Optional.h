// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <optional>

namespace c10 {

// libtorch 1.13 has its own optional; later releases alias std::optional, and
// so does the runtime. Code that spells c10::optional / c10::nullopt compiles
// unchanged.
using std::make_optional;
using std::nullopt;
using std::nullopt_t;
using std::optional;

} // namespace c10
