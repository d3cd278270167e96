// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// at::TensorBase is declared with at::Tensor (ATen/core/Tensor.h); this is
// PyTorch's include path for it.
#include <ATen/core/Tensor.h>
