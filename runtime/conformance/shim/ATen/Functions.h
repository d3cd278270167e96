// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Conformance shim: libtorch spreads these over generated headers; the runtime has one.
#include <ATen/ATen.h>
