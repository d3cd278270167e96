// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Conformance shim: deliberately empty (what the tests use from it is in other headers).
