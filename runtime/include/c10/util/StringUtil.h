// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <sstream>
#include <string>

namespace c10 {

// Concatenates the stream representation of every argument:
// c10::str("refcount was ", 3) == "refcount was 3". Used to build error
// messages, so it is only ever called on a failure path.
template <typename... Args>
inline std::string str(const Args&... args) {
  std::ostringstream out;
  (out << ... << args);
  return out.str();
}

} // namespace c10
