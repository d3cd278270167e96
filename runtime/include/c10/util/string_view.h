// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <string_view>

namespace c10 {

// libtorch 1.13 ships its own constexpr basic_string_view (C++14 had none);
// later PyTorch releases alias std::string_view, and so does the runtime: the
// members code uses (data, size, substr, find, comparisons, conversion to
// std::string) are the same.
template <class CharT>
using basic_string_view = std::basic_string_view<CharT>;
using string_view = std::string_view;

} // namespace c10
