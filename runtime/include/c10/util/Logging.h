// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Only what code written against libtorch relies on from its Logging.h:
// c10::string, which 1.13 brings into namespace c10 here (tests say
// `using namespace c10; List<string>`). The runtime has no logging.

#include <string>

namespace c10 {
using std::string;
} // namespace c10
