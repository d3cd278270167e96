// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Zero-copy exchange with other frameworks through DLPack (Debian's
// libdlpack-dev, dlpack.h v0.6). Both directions share the bytes; nothing is
// copied. See docs/runtime-tensor.md for the ownership rules.

#include <ATen/core/Tensor.h>

#include <dlpack/dlpack.h>

namespace at {

// A DLManagedTensor that keeps `src` (and so its storage) alive until the
// consumer calls its deleter, exactly once. shape/strides point into the
// managed tensor's own copy of the metadata.
DLManagedTensor* toDLPack(const Tensor& src);

// Takes ownership of `src`: the returned tensor views src->dl_tensor.data
// (plus byte_offset), and src->deleter(src) runs exactly once, when the last
// tensor on that storage goes. Throws c10::Error (and leaves src with the
// caller) for a device other than CPU, an unsupported dtype, or
// lanes != 1. Strides null means compact row-major.
Tensor fromDLPack(const DLManagedTensor* src);

DLDataType getDLDataType(const Tensor& t);
ScalarType toScalarType(const DLDataType& dtype);

} // namespace at
