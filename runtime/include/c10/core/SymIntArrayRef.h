// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// SymIntArrayRef and its conversions live with SymInt (c10/core/SymInt.h);
// this is PyTorch's include path for them.
#include <c10/core/SymInt.h>
