// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <utility>

namespace c10 {

// std::in_place itself, so that c10::in_place also selects std::optional's
// in-place constructor (c10::optional is std::optional).
using std::in_place;
using std::in_place_t;

} // namespace c10
