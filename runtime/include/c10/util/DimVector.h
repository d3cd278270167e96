// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <cstdint>
#include <vector>

namespace c10 {

// A list of dimension sizes, what IValue::toDimVector() returns. libtorch's is
// a SmallVector<int64_t, 5> (inline storage, no allocation for up to 5 dims);
// the runtime has no SmallVector and uses std::vector, which has the members
// code uses (size, operator[], begin/end, push_back, conversion to IntArrayRef).
using DimVector = std::vector<int64_t>;

} // namespace c10

namespace at {
using c10::DimVector;
} // namespace at
