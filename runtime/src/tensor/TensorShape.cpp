// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// View operations: each returns a new TensorImpl on the input's storage.
// Only reshape() (when no view can express the result) and contiguous()
// copy.

#include "TensorInternal.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace at {

using internal::make_view;

namespace {

// Replaces a single -1 in `shape` so that it holds `numel` elements.
std::vector<int64_t> infer_shape(IntArrayRef shape, int64_t numel) {
  std::vector<int64_t> out = shape.vec();
  int64_t known = 1;
  std::optional<size_t> infer;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == -1) {
      TORCH_CHECK(!infer, "only one dimension can be inferred");
      infer = i;
    } else {
      TORCH_CHECK(out[i] >= 0, "invalid shape dimension ", out[i]);
      known *= out[i];
    }
  }
  if (infer) {
    TORCH_CHECK(known != 0 ? numel % known == 0 : false, "shape '", shape, "' is invalid for input of size ", numel);
    out[*infer] = numel / known;
  } else {
    TORCH_CHECK(known == numel, "shape '", shape, "' is invalid for input of size ", numel);
  }
  return out;
}

// Strides that make `newshape` a view of a tensor with (oldshape,
// oldstride), or nothing if the view would need a copy. Walks the old dims
// from the innermost out, grouping runs that are contiguous with each other;
// every group must map onto whole new dims.
std::optional<std::vector<int64_t>> compute_view_strides(IntArrayRef oldshape, IntArrayRef oldstride,
                                                         IntArrayRef newshape) {
  std::vector<int64_t> newstride(newshape.size(), 0);
  const int64_t numel = internal::checked_numel(oldshape);
  if (numel <= 1) {
    // Zero elements, or one: any shape of that many elements is a view; give
    // it contiguous strides.
    int64_t s = 1;
    for (size_t i = newshape.size(); i-- > 0;) {
      newstride[i] = s;
      s *= std::max<int64_t>(newshape[i], 1);
    }
    return newstride;
  }
  int64_t view_d = static_cast<int64_t>(newshape.size()) - 1;
  int64_t chunk_base_stride = oldstride.empty() ? 1 : oldstride.back();
  int64_t tensor_numel = 1;
  int64_t view_numel = 1;
  for (int64_t tensor_d = static_cast<int64_t>(oldshape.size()) - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel *= oldshape[tensor_d];
    // End of a contiguous chunk: the next outer dim does not continue it.
    if (tensor_d == 0 ||
        (oldshape[tensor_d - 1] != 1 && oldstride[tensor_d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || newshape[view_d] == 1)) {
        newstride[view_d] = view_numel * chunk_base_stride;
        view_numel *= newshape[view_d];
        --view_d;
      }
      if (view_numel != tensor_numel) return std::nullopt;
      if (tensor_d > 0) {
        chunk_base_stride = oldstride[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return newstride;
}

int64_t wrap_dim(int64_t dim, int64_t ndim) {
  return c10::maybe_wrap_dim(dim, ndim);
}

} // namespace

Tensor Tensor::view(IntArrayRef size) const {
  check_defined("view");
  std::vector<int64_t> shape = infer_shape(size, numel());
  auto strides = compute_view_strides(sizes(), impl_->strides(), shape);
  TORCH_CHECK(strides.has_value(),
              "view size is not compatible with input tensor's size and stride (at least one dimension spans "
              "across two contiguous subspaces). Use .reshape(...) instead. (sizes ",
              sizes(), ", strides ", impl_->strides(), ", requested ", size, ")");
  return make_view(*this, shape, *strides, storage_offset());
}

Tensor Tensor::reshape(IntArrayRef shape) const {
  check_defined("reshape");
  std::vector<int64_t> inferred = infer_shape(shape, numel());
  if (auto strides = compute_view_strides(sizes(), impl_->strides(), inferred)) {
    return make_view(*this, inferred, *strides, storage_offset());
  }
  return contiguous().view(inferred);
}

Tensor Tensor::select(int64_t dim, int64_t index) const {
  check_defined("select");
  TORCH_CHECK(this->dim() != 0, "select() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, this->dim());
  const int64_t size = sizes()[dim];
  TORCH_CHECK(index >= -size && index < size, "select(): index ", index, " out of range for tensor of size ",
              sizes(), " at dimension ", dim);
  if (index < 0) index += size;
  std::vector<int64_t> sz = sizes().vec(), st = impl_->strides().vec();
  const int64_t offset = storage_offset() + index * st[dim];
  sz.erase(sz.begin() + dim);
  st.erase(st.begin() + dim);
  return make_view(*this, sz, st, offset);
}

Tensor Tensor::slice(int64_t dim, std::optional<int64_t> start_opt, std::optional<int64_t> end_opt,
                     int64_t step) const {
  check_defined("slice");
  TORCH_CHECK(this->dim() > 0, "slice() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, this->dim());
  TORCH_CHECK(step > 0, "slice step must be positive");
  const int64_t size = sizes()[dim];
  // Python's slicing rules: negative counts from the end, out of range clamps.
  int64_t start = start_opt.value_or(0);
  int64_t end = end_opt.value_or(INT64_MAX);
  if (start < 0) start += size;
  if (end < 0) end += size;
  start = std::clamp<int64_t>(start, 0, size);
  end = std::clamp<int64_t>(end, start, size);
  std::vector<int64_t> sz = sizes().vec(), st = impl_->strides().vec();
  const int64_t offset = storage_offset() + start * st[dim];
  sz[dim] = (end - start + step - 1) / step;
  st[dim] *= step;
  return make_view(*this, sz, st, offset);
}

Tensor Tensor::narrow(int64_t dim, int64_t start, int64_t length) const {
  check_defined("narrow");
  TORCH_CHECK(this->dim() > 0, "narrow() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, this->dim());
  const int64_t size = sizes()[dim];
  TORCH_CHECK(start >= -size && start <= size, "start out of range (expected to be in range of [", -size, ", ",
              size, "], but got ", start, ")");
  if (start < 0) start += size;
  TORCH_CHECK(length >= 0 && start <= size - length, "start (", start, ") + length (", length,
              ") exceeds dimension size (", size, ").");
  return slice(dim, start, start + length, 1);
}

Tensor Tensor::transpose(int64_t dim0, int64_t dim1) const {
  check_defined("transpose");
  const int64_t n = dim();
  dim0 = wrap_dim(dim0, n);
  dim1 = wrap_dim(dim1, n);
  if (n == 0) return make_view(*this, {}, {}, storage_offset());
  std::vector<int64_t> sz = sizes().vec(), st = impl_->strides().vec();
  std::swap(sz[dim0], sz[dim1]);
  std::swap(st[dim0], st[dim1]);
  return make_view(*this, sz, st, storage_offset());
}

Tensor Tensor::t() const {
  check_defined("t");
  TORCH_CHECK(dim() <= 2, "t() expects a tensor with <= 2 dimensions, but self is ", dim(), "D");
  return dim() < 2 ? transpose(0, 0) : transpose(0, 1);
}

Tensor Tensor::permute(IntArrayRef dims) const {
  check_defined("permute");
  const int64_t n = dim();
  TORCH_CHECK(static_cast<int64_t>(dims.size()) == n,
              "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
              "desired ordering of dimensions i.e. input.dim() = ",
              n, " is not equal to len(dims) = ", dims.size());
  std::vector<int64_t> sz(n), st(n);
  std::vector<bool> seen(n, false);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t d = wrap_dim(dims[i], n);
    TORCH_CHECK(!seen[d], "permute(): duplicate dims are not allowed (dims ", dims, ")");
    seen[d] = true;
    sz[i] = sizes()[d];
    st[i] = impl_->strides()[d];
  }
  return make_view(*this, sz, st, storage_offset());
}

Tensor Tensor::expand(IntArrayRef size, bool /*implicit*/) const {
  check_defined("expand");
  const int64_t n = static_cast<int64_t>(size.size());
  TORCH_CHECK(n >= dim(), "expand(", toString(), "{", sizes(), "}, size=", size,
              "): the number of sizes provided (", n, ") must be greater or equal to the number of dimensions in "
              "the tensor (", dim(), ")");
  std::vector<int64_t> sz(n), st(n);
  for (int64_t i = n - 1; i >= 0; --i) {
    const int64_t src = i - (n - dim()); // the matching input dim, or < 0 for a new leading dim
    const int64_t target = size[i];
    if (src < 0) {
      TORCH_CHECK(target >= 0, "The expanded size of the tensor (", target,
                  ") isn't allowed in a leading, non-existing dimension ", i);
      sz[i] = target;
      st[i] = 0;
      continue;
    }
    const int64_t have = sizes()[src];
    if (target == -1 || target == have) {
      sz[i] = have;
      st[i] = impl_->strides()[src];
    } else {
      TORCH_CHECK(have == 1, "The expanded size of the tensor (", target,
                  ") must match the existing size (", have, ") at non-singleton dimension ", i,
                  ".  Target sizes: ", size, ".  Tensor sizes: ", sizes());
      TORCH_CHECK(target >= 0, "expand: invalid size ", target, " in ", size);
      sz[i] = target;
      st[i] = 0;
    }
  }
  return make_view(*this, sz, st, storage_offset());
}

Tensor Tensor::expand_as(const Tensor& other) const {
  return expand(other.sizes());
}

Tensor Tensor::squeeze() const {
  check_defined("squeeze");
  std::vector<int64_t> sz, st;
  for (int64_t d = 0; d < dim(); ++d) {
    if (sizes()[d] != 1) {
      sz.push_back(sizes()[d]);
      st.push_back(impl_->strides()[d]);
    }
  }
  return make_view(*this, sz, st, storage_offset());
}

Tensor Tensor::squeeze(int64_t d) const {
  check_defined("squeeze");
  d = wrap_dim(d, dim());
  if (dim() == 0 || sizes()[d] != 1) return make_view(*this, sizes(), impl_->strides(), storage_offset());
  std::vector<int64_t> sz = sizes().vec(), st = impl_->strides().vec();
  sz.erase(sz.begin() + d);
  st.erase(st.begin() + d);
  return make_view(*this, sz, st, storage_offset());
}

Tensor Tensor::unsqueeze(int64_t d) const {
  check_defined("unsqueeze");
  d = wrap_dim(d, dim() + 1);
  std::vector<int64_t> sz = sizes().vec(), st = impl_->strides().vec();
  // The new dim's stride: what a contiguous tensor would have there.
  const int64_t stride = d >= dim() ? 1 : sz[d] * st[d];
  sz.insert(sz.begin() + d, 1);
  st.insert(st.begin() + d, stride);
  return make_view(*this, sz, st, storage_offset());
}

Tensor reshape(const Tensor& self, IntArrayRef shape) { return self.reshape(shape); }
Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) { return self.transpose(dim0, dim1); }
Tensor permute(const Tensor& self, IntArrayRef dims) { return self.permute(dims); }

} // namespace at
