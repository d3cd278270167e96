// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Out-of-line parts of TensorImpl and the UndefinedTensorImpl singleton.

#include <c10/core/TensorImpl.h>
#include <c10/core/UndefinedTensorImpl.h>

namespace c10 {

UndefinedTensorImpl UndefinedTensorImpl::_singleton;

void TensorImpl::report_address_does_not_fit_ivalue() const {
  TORCH_CHECK(false, "TensorImpl at ", static_cast<const void*>(this),
              ": an IValue cannot hold this address; it must be 8-byte aligned, past the first page "
              "and below 2^48 (the user-space address width IValue's encoding assumes; see "
              "docs/runtime-ivalue.md)");
}

int64_t maybe_wrap_dim(int64_t dim, int64_t ndim) {
  // A 0-dim tensor behaves as if it had one dimension for indexing purposes.
  const int64_t n = ndim > 0 ? ndim : 1;
  TORCH_CHECK(dim >= -n && dim < n, "Dimension out of range (expected to be in range of [", -n, ", ", n - 1,
              "], but got ", dim, ")");
  return dim < 0 ? dim + n : dim;
}

void TensorImpl::check_in_bounds(IntArrayRef sizes, IntArrayRef strides, int64_t storage_offset) const {
  int64_t last = storage_offset; // index of the furthest element, if any
  for (size_t i = 0; i < sizes.size(); ++i) {
    TORCH_CHECK(sizes[i] >= 0, "Trying to create tensor with negative dimension ", sizes[i], ": ", sizes);
    TORCH_CHECK(strides[i] >= 0, "negative strides are not supported, got strides ", strides);
    if (sizes[i] == 0) return; // no elements: nothing to bound
    int64_t reach = 0;
    TORCH_CHECK(!__builtin_mul_overflow(sizes[i] - 1, strides[i], &reach) &&
                    !__builtin_add_overflow(last, reach, &last),
                "sizes ", sizes, " and strides ", strides, " overflow int64");
  }
  if (!has_storage()) return; // the undefined tensor, or a released one
  const int64_t item = static_cast<int64_t>(elementSize(dtype_));
  const int64_t needed = (last + 1) * item;
  TORCH_CHECK(needed <= static_cast<int64_t>(storage_.nbytes()), "setStorage: sizes ", sizes, ", strides ", strides,
              ", storage offset ", storage_offset, ", and itemsize ", item, " requiring a storage size of ", needed,
              " are out of bounds for storage of size ", storage_.nbytes());
}

} // namespace c10
