// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Negative control for runtime.header_isolation: the reference runtime has no
// c10/util/Half.h (no half-precision types), so with the runtime's include
// path this resolves to libtorch's copy in /usr/include -- exactly the silent
// mix the check exists to catch. Never compiled; only preprocessed by the
// check. If the runtime ever provides this header, pick another it lacks.
#include <c10/util/intrusive_ptr.h>
#include <c10/util/Half.h>
