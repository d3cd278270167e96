// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// c10::guts' string helpers (libtorch keeps them for platforms without the
// std:: versions; here they are the std:: functions).

#include <string>
#include <utility>

namespace c10 {
namespace guts {

template <class T>
std::string to_string(T&& value) {
  return std::to_string(std::forward<T>(value));
}

using std::stod;
using std::stoi;
using std::stoll;
using std::stoull;

} // namespace guts
} // namespace c10
