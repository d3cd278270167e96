// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// The tensor library: at::Tensor plus its factories and free functions, at
// libtorch's umbrella include path. Everything runs on the calling thread.

#include <ATen/core/Tensor.h>
#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <c10/core/Scalar.h>
#include <c10/core/ScalarType.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/ArrayRef.h>

#include <functional>

namespace at {

// Factories. zeros() and ones() go through the dispatcher (aten::zeros,
// aten::ones), as in libtorch; the others call their kernel directly.
// Without a dtype in `options` they make Float tensors, except
// full() (the fill value's kind: bool -> Bool, integer -> Long) and arange()
// (Long if start, end and step are all integers), as in libtorch 1.13.
Tensor empty(IntArrayRef size, TensorOptions options = {});
Tensor zeros(IntArrayRef size, TensorOptions options = {});
Tensor ones(IntArrayRef size, TensorOptions options = {});
Tensor full(IntArrayRef size, const Scalar& fill_value, TensorOptions options = {});
Tensor arange(const Scalar& end, TensorOptions options = {});
Tensor arange(const Scalar& start, const Scalar& end, TensorOptions options = {});
Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, TensorOptions options = {});
// The *_like factories, clone() and to() keep the input's strides when they
// are a permutation of contiguous ones (libtorch's MemoryFormat::Preserve).
Tensor empty_like(const Tensor& self);
Tensor zeros_like(const Tensor& self);
Tensor ones_like(const Tensor& self);
// A tensor of `size` and `strides` over element memory it does not copy.
// The caller keeps `data` alive until the tensor's storage goes; with a
// deleter, the storage calls it (once, with `data`) when it goes.
Tensor empty_strided(IntArrayRef size, IntArrayRef stride, TensorOptions options = {});
Tensor from_blob(void* data, IntArrayRef sizes, IntArrayRef strides,
                 const std::function<void(void*)>& deleter, const TensorOptions& options = {});
Tensor from_blob(void* data, IntArrayRef sizes, const std::function<void(void*)>& deleter,
                 const TensorOptions& options = {});
Tensor from_blob(void* data, IntArrayRef sizes, IntArrayRef strides, const TensorOptions& options = {});
Tensor from_blob(void* data, IntArrayRef sizes, const TensorOptions& options = {});

// A 1-D tensor holding `values` (dtype from the element type: int -> Int,
// int64_t -> Long, float -> Float, double -> Double, bool -> Bool), and the
// one-element form libtorch has for a single value.
Tensor tensor(ArrayRef<int> values);
Tensor tensor(ArrayRef<int64_t> values);
Tensor tensor(ArrayRef<float> values);
Tensor tensor(ArrayRef<double> values);
Tensor tensor(ArrayRef<bool> values);
inline Tensor tensor(int value) { return tensor(ArrayRef<int>(value)); }
inline Tensor tensor(int64_t value) { return tensor(ArrayRef<int64_t>(value)); }
inline Tensor tensor(float value) { return tensor(ArrayRef<float>(value)); }
inline Tensor tensor(double value) { return tensor(ArrayRef<double>(value)); }
inline Tensor tensor(bool value) { return tensor(ArrayRef<bool>(value)); }

// Pseudo-random floating-point tensors (uniform on [0, 1), standard normal).
// One fixed-seed generator per thread; libtorch's Generator objects are not
// part of the runtime.
Tensor rand(IntArrayRef size, TensorOptions options = {});
Tensor randn(IntArrayRef size, TensorOptions options = {});

// The kernels behind some factories and operators, under the names libtorch
// declares them with in ATen/NativeFunctions.h.
namespace native {
Tensor ones(IntArrayRef size, std::optional<ScalarType> dtype = std::nullopt);
bool cpu_equal(const Tensor& self, const Tensor& other);
} // namespace native

// The CPU kernels of dispatched operators, called without the dispatcher
// (libtorch's ATen/CPUFunctions.h): what the runtime's own code uses.
namespace cpu {
Tensor zeros(IntArrayRef size, TensorOptions options = {});
Tensor ones(IntArrayRef size, TensorOptions options = {});
Tensor mul(const Tensor& self, const Tensor& other);
Tensor batch_norm(const Tensor& input, const std::optional<Tensor>& weight, const std::optional<Tensor>& bias,
                  const std::optional<Tensor>& running_mean, const std::optional<Tensor>& running_var, bool training,
                  double momentum, double eps, bool cudnn_enabled);
} // namespace cpu

// Free-function forms of the Tensor methods. mul() goes through the
// dispatcher (aten::mul.Tensor), as in libtorch; the others call their
// kernel directly.
Tensor add(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor sub(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor mul(const Tensor& self, const Tensor& other);
Tensor div(const Tensor& self, const Tensor& other);
Tensor sum(const Tensor& self, std::optional<ScalarType> dtype = std::nullopt);
Tensor sum(const Tensor& self, IntArrayRef dim, bool keepdim = false, std::optional<ScalarType> dtype = std::nullopt);
Tensor mean(const Tensor& self, std::optional<ScalarType> dtype = std::nullopt);
Tensor mean(const Tensor& self, IntArrayRef dim, bool keepdim = false, std::optional<ScalarType> dtype = std::nullopt);
Tensor matmul(const Tensor& self, const Tensor& other);
Tensor mm(const Tensor& self, const Tensor& mat2);
Tensor reshape(const Tensor& self, IntArrayRef shape);
Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1);
Tensor permute(const Tensor& self, IntArrayRef dims);
bool equal(const Tensor& self, const Tensor& other);

// Batch normalisation over dimension 1 (channels) of an N x C x ... input,
// through the dispatcher (aten::batch_norm). In training, or without
// running statistics, each channel is normalised by its own mean and
// biased variance over the other dimensions, and running_mean/running_var,
// when given, move by `momentum` towards them (the variance unbiased);
// otherwise the running statistics are used. Float and double inputs.
Tensor batch_norm(const Tensor& input, const std::optional<Tensor>& weight, const std::optional<Tensor>& bias,
                  const std::optional<Tensor>& running_mean, const std::optional<Tensor>& running_var, bool training,
                  double momentum, double eps, bool cudnn_enabled);

// The shape two tensors broadcast to; throws c10::Error naming both shapes
// if they do not.
std::vector<int64_t> infer_size(IntArrayRef a, IntArrayRef b);

// Kept for source compatibility with libtorch programs; the runtime is
// single-threaded, so 1 is the only value and others are ignored.
void set_num_threads(int nthreads);
int get_num_threads();

} // namespace at

// libtorch's C++ frontend (torch/torch.h) makes ATen's names available as
// torch::ones, torch::TensorOptions and so on; so does the runtime.
namespace torch {
using namespace at;
} // namespace torch
