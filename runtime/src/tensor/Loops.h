// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Strided iteration over N operands of one shape, the engine under copy_,
// the element-wise ops and the dim reductions.
//
// Each operand is a base pointer plus byte strides over the common shape
// (stride 0 where it is broadcast). Dimensions that can be merged for every
// operand at once are merged and size-1 dimensions dropped, so a contiguous
// tensor of any shape becomes a single row; the kernel sees rows:
// row(n, ptrs, inner_strides) with n elements.

#include <ATen/ATen.h>

#include <array>
#include <cstdint>

namespace at {
namespace internal {

constexpr int kMaxLoopDims = 16; // beyond this, the loop falls back to heap arrays

template <int N>
struct StridedOperands {
  std::array<char*, N> data;
  std::vector<std::array<int64_t, N>> strides; // per dim, innermost last
  std::vector<int64_t> shape;
};

// Builds the operands for `shape`; strides[k] are operand k's byte strides,
// already broadcast to shape (0 on broadcast dims).
template <int N>
StridedOperands<N> make_operands(IntArrayRef shape, const std::array<char*, N>& data,
                                 const std::array<std::vector<int64_t>, N>& strides) {
  StridedOperands<N> ops;
  ops.data = data;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    std::array<int64_t, N> s;
    for (int k = 0; k < N; ++k) s[k] = strides[k][d];
    if (!ops.shape.empty()) {
      // Merge with the previous (outer) dim if, for every operand, stepping
      // the outer dim once equals stepping this one shape[d] times.
      bool mergeable = true;
      for (int k = 0; k < N; ++k) mergeable &= ops.strides.back()[k] == s[k] * shape[d];
      if (mergeable) {
        ops.shape.back() *= shape[d];
        ops.strides.back() = s;
        continue;
      }
    }
    ops.shape.push_back(shape[d]);
    ops.strides.push_back(s);
  }
  return ops;
}

// Calls row(n, ptrs, inner_strides) for every innermost row.
template <int N, typename Row>
void for_each_row(StridedOperands<N>& ops, int64_t numel, Row&& row) {
  if (numel == 0) return;
  std::array<int64_t, N> inner{};
  if (ops.shape.empty()) { // a single element
    row(int64_t{1}, ops.data, inner);
    return;
  }
  const size_t nd = ops.shape.size();
  inner = ops.strides[nd - 1];
  const int64_t n = ops.shape[nd - 1];
  if (nd == 1) {
    row(n, ops.data, inner);
    return;
  }
  std::vector<int64_t> counter(nd - 1, 0);
  std::array<char*, N> ptrs = ops.data;
  while (true) {
    row(n, ptrs, inner);
    // Advance the outer counter like an odometer.
    size_t d = nd - 1;
    while (d-- > 0) {
      if (++counter[d] < ops.shape[d]) {
        for (int k = 0; k < N; ++k) ptrs[k] += ops.strides[d][k];
        break;
      }
      for (int k = 0; k < N; ++k) ptrs[k] -= ops.strides[d][k] * (ops.shape[d] - 1);
      counter[d] = 0;
    }
    if (d == static_cast<size_t>(-1)) return;
  }
}

// Byte strides of `t` broadcast to `shape` (t's dims are right-aligned).
inline std::vector<int64_t> broadcast_byte_strides(const Tensor& t, IntArrayRef shape) {
  std::vector<int64_t> out(shape.size(), 0);
  const int64_t item = t.element_size();
  const int64_t offset = static_cast<int64_t>(shape.size()) - t.dim();
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (t.sizes()[d] != 1) out[d + offset] = t.strides()[d] * item;
  }
  return out;
}

} // namespace internal
} // namespace at
