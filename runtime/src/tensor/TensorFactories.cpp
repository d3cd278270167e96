// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Factories: empty, zeros, ones, full, arange, from_blob and the *_like forms.

#include "TensorInternal.h"

#include <cmath>
#include <functional>
#include <memory>
#include <random>

namespace at {

using internal::empty_contiguous;

Tensor empty(IntArrayRef size, TensorOptions options) {
  return empty_contiguous(size, options.scalar_type_or_default());
}

namespace cpu {
Tensor zeros(IntArrayRef size, TensorOptions options) {
  Tensor t = empty(size, options);
  if (t.nbytes() > 0) std::memset(t.data_ptr(), 0, t.nbytes()); // all-zero bits are 0 in every dtype
  return t;
}

Tensor ones(IntArrayRef size, TensorOptions options) {
  Tensor t = empty(size, options);
  t.fill_(1);
  return t;
}
} // namespace cpu

Tensor full(IntArrayRef size, const Scalar& fill_value, TensorOptions options) {
  if (!options.has_dtype()) {
    // libtorch 1.13 infers the dtype from the fill value.
    options = options.dtype(fill_value.isBoolean()  ? kBool
                            : fill_value.isIntegral(false) ? kLong
                                                          : kFloat);
  }
  Tensor t = empty(size, options);
  t.fill_(fill_value);
  return t;
}

Tensor arange(const Scalar& end, TensorOptions options) {
  return arange(0, end, 1, options);
}

Tensor arange(const Scalar& start, const Scalar& end, TensorOptions options) {
  return arange(start, end, 1, options);
}

Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, TensorOptions options) {
  const bool all_integral = start.isIntegral(true) && end.isIntegral(true) && step.isIntegral(true);
  const ScalarType dtype = options.has_dtype() ? options.scalar_type_or_default() : (all_integral ? kLong : kFloat);
  TORCH_CHECK(dtype != kBool, "arange: Bool is not supported");
  const double xstart = start.toDouble(), xend = end.toDouble(), xstep = step.toDouble();
  TORCH_CHECK(xstep != 0, "step must be nonzero");
  TORCH_CHECK(std::isfinite(xstart) && std::isfinite(xend), "unsupported range: ", xstart, " -> ", xend);
  TORCH_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart),
              "upper bound and larger bound inconsistent with step sign");
  int64_t n = 0;
  if (all_integral) {
    const int64_t s = start.toLong(), e = end.toLong(), st = step.toLong();
    n = st > 0 ? (e - s + st - 1) / st : (s - e + (-st) - 1) / (-st);
  } else {
    n = static_cast<int64_t>(std::ceil((xend - xstart) / xstep));
  }
  Tensor t = empty({n}, options.dtype(dtype));
  internal::dispatch_all(dtype, "arange", [&](auto tag) {
    using T = decltype(tag);
    T* out = t.data_ptr<T>();
    if (all_integral) {
      const int64_t s = start.toLong(), st = step.toLong();
      for (int64_t i = 0; i < n; ++i) out[i] = internal::convert<T>(s + i * st);
    } else {
      // Computed in double as start + i * step, like libtorch, not by
      // accumulating the step.
      for (int64_t i = 0; i < n; ++i) out[i] = internal::convert<T>(xstart + static_cast<double>(i) * xstep);
    }
  });
  return t;
}

// Preserve the layout of a permuted input, as libtorch does by default.
Tensor empty_like(const Tensor& self) {
  return internal::empty_like_preserve(self, self.scalar_type());
}
Tensor zeros_like(const Tensor& self) {
  return empty_like(self).zero_();
}
Tensor ones_like(const Tensor& self) {
  return empty_like(self).fill_(1);
}

namespace {

// Bytes a (sizes, strides) tensor reaches, counted from its first element.
size_t storage_nbytes(IntArrayRef sizes, IntArrayRef strides, size_t itemsize) {
  TORCH_CHECK(sizes.size() == strides.size(), "from_blob: sizes ", sizes, " and strides ", strides,
              " differ in length");
  int64_t last = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    TORCH_CHECK(sizes[i] >= 0, "Trying to create tensor with negative dimension ", sizes[i], ": ", sizes);
    if (sizes[i] == 0) return 0;
    int64_t reach = 0;
    TORCH_CHECK(!__builtin_mul_overflow(sizes[i] - 1, strides[i], &reach) && !__builtin_add_overflow(last, reach, &last),
                "sizes ", sizes, " and strides ", strides, " overflow");
  }
  return static_cast<size_t>(last + 1) * itemsize;
}

std::vector<int64_t> contiguous_strides(IntArrayRef sizes) {
  std::vector<int64_t> st(sizes.size());
  int64_t s = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    st[i] = s;
    s *= std::max<int64_t>(sizes[i], 1);
  }
  return st;
}

// The context of a from_blob storage with a deleter: the closure and the
// pointer to hand it.
struct BlobContext {
  std::function<void(void*)> deleter;
  void* data;
};

void deleteBlob(void* ctx) {
  std::unique_ptr<BlobContext> blob(static_cast<BlobContext*>(ctx));
  if (blob->deleter) blob->deleter(blob->data);
}

} // namespace

Tensor empty_strided(IntArrayRef size, IntArrayRef stride, TensorOptions options) {
  const ScalarType dtype = options.scalar_type_or_default();
  const size_t nbytes = storage_nbytes(size, stride, c10::elementSize(dtype));
  return internal::make_tensor(Storage(Storage::use_byte_size_t(), nbytes, c10::GetCPUAllocator(), true), dtype,
                               size, stride, 0);
}

Tensor from_blob(void* data, IntArrayRef sizes, IntArrayRef strides, const std::function<void(void*)>& deleter,
                 const TensorOptions& options) {
  const ScalarType dtype = options.scalar_type_or_default();
  const size_t nbytes = storage_nbytes(sizes, strides, c10::elementSize(dtype));
  // Own the deleter from here on, so that it runs even if building the
  // tensor below throws.
  c10::DataPtr ptr(data, new BlobContext{deleter, data}, &deleteBlob, Device(kCPU));
  TORCH_CHECK(data != nullptr || nbytes == 0, "from_blob: data is null for a tensor of sizes ", sizes);
  return internal::make_tensor(Storage(Storage::use_byte_size_t(), nbytes, std::move(ptr), nullptr, false), dtype,
                               sizes, strides, 0);
}

Tensor from_blob(void* data, IntArrayRef sizes, const std::function<void(void*)>& deleter,
                 const TensorOptions& options) {
  return from_blob(data, sizes, contiguous_strides(sizes), deleter, options);
}

Tensor from_blob(void* data, IntArrayRef sizes, IntArrayRef strides, const TensorOptions& options) {
  const ScalarType dtype = options.scalar_type_or_default();
  const size_t nbytes = storage_nbytes(sizes, strides, c10::elementSize(dtype));
  TORCH_CHECK(data != nullptr || nbytes == 0, "from_blob: data is null for a tensor of sizes ", sizes);
  // No context and no deleter: the storage never frees `data`.
  return internal::make_tensor(
      Storage(Storage::use_byte_size_t(), nbytes, c10::DataPtr(data, Device(kCPU)), nullptr, false), dtype, sizes,
      strides, 0);
}

Tensor from_blob(void* data, IntArrayRef sizes, const TensorOptions& options) {
  return from_blob(data, sizes, contiguous_strides(sizes), options);
}

namespace {
template <class T>
Tensor tensor_of(ArrayRef<T> values, ScalarType dtype) {
  Tensor t = empty({static_cast<int64_t>(values.size())}, TensorOptions().dtype(dtype));
  T* out = t.data_ptr<T>();
  for (size_t i = 0; i < values.size(); ++i) out[i] = values[i];
  return t;
}

std::mt19937_64& thread_generator() {
  thread_local std::mt19937_64 generator(67280421310721ULL);
  return generator;
}

template <class Distribution>
Tensor random_tensor(IntArrayRef size, TensorOptions options, Distribution distribution) {
  Tensor t = empty(size, options);
  const ScalarType dtype = t.scalar_type();
  TORCH_CHECK(dtype == kFloat || dtype == kDouble, "random factories make Float or Double tensors, not ", dtype);
  auto& generator = thread_generator();
  if (dtype == kFloat) {
    float* out = t.data_ptr<float>();
    for (int64_t i = 0; i < t.numel(); ++i) out[i] = static_cast<float>(distribution(generator));
  } else {
    double* out = t.data_ptr<double>();
    for (int64_t i = 0; i < t.numel(); ++i) out[i] = distribution(generator);
  }
  return t;
}
} // namespace

Tensor tensor(ArrayRef<int> values) { return tensor_of(values, kInt); }
Tensor tensor(ArrayRef<int64_t> values) { return tensor_of(values, kLong); }
Tensor tensor(ArrayRef<float> values) { return tensor_of(values, kFloat); }
Tensor tensor(ArrayRef<double> values) { return tensor_of(values, kDouble); }
Tensor tensor(ArrayRef<bool> values) { return tensor_of(values, kBool); }

Tensor rand(IntArrayRef size, TensorOptions options) {
  return random_tensor(size, options, std::uniform_real_distribution<double>(0.0, 1.0));
}

Tensor randn(IntArrayRef size, TensorOptions options) {
  return random_tensor(size, options, std::normal_distribution<double>(0.0, 1.0));
}

namespace native {
Tensor ones(IntArrayRef size, std::optional<ScalarType> dtype) {
  return cpu::ones(size, TensorOptions().dtype(dtype));
}

bool cpu_equal(const Tensor& self, const Tensor& other) {
  return at::equal(self, other);
}
} // namespace native

void set_num_threads(int nthreads) {
  TORCH_CHECK(nthreads > 0, "Expected positive number of threads");
}

int get_num_threads() {
  return 1;
}

} // namespace at
