// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reductions (sum, mean) and the 2-D matrix product.

#include "Loops.h"
#include "TensorInternal.h"

#include <cmath>
#include <limits>

namespace at {

using internal::dispatch_all;
using internal::empty_contiguous;

namespace {

// Accumulator of a sum: the input type for floating types (as libtorch's CPU
// sum does), wrapping uint64 for integers and bool (result type Long).
template <typename T>
using sum_acc_t = std::conditional_t<std::is_floating_point<T>::value, T, uint64_t>;

template <typename Acc, typename T>
inline Acc to_acc(T v) {
  if constexpr (std::is_floating_point<T>::value) {
    return v;
  } else {
    return static_cast<uint64_t>(static_cast<int64_t>(v));
  }
}

// Sum of a contiguous run. Blocks of kBlock elements are summed with kLanes
// independent accumulators -- an inner loop over a fixed-size array that the
// compiler turns into vector adds without reassociating anything -- and the
// block sums are combined pairwise (a binary counter of partial sums), so
// rounding error grows with log(n) rather than n, close to libtorch's
// cascade sum. No recursion, so the whole of it inlines into the
// ISA-specific clones below.
constexpr int64_t kSumLanes = 32;
constexpr int64_t kSumBlock = 2048;

template <typename T>
__attribute__((always_inline)) inline sum_acc_t<T> block_sum(const T* p, int64_t n) {
  using Acc = sum_acc_t<T>;
  Acc acc[kSumLanes] = {};
  int64_t i = 0;
  for (; i + kSumLanes <= n; i += kSumLanes) {
    for (int64_t j = 0; j < kSumLanes; ++j) acc[j] += to_acc<Acc>(p[i + j]);
  }
  for (int64_t j = 0; i < n; ++i, ++j) acc[j] += to_acc<Acc>(p[i]);
  for (int64_t width = kSumLanes / 2; width > 0; width /= 2) {
    for (int64_t j = 0; j < width; ++j) acc[j] += acc[j + width];
  }
  return acc[0];
}

template <typename T>
__attribute__((always_inline)) inline sum_acc_t<T> contiguous_sum(const T* p, int64_t n) {
  using Acc = sum_acc_t<T>;
  Acc partial[64];
  int level[64];
  int top = 0;
  for (int64_t start = 0; start < n; start += kSumBlock) {
    Acc s = block_sum(p + start, std::min(kSumBlock, n - start));
    int lv = 0;
    while (top > 0 && level[top - 1] == lv) { // two sums of equal size: merge
      s = partial[--top] + s;
      ++lv;
    }
    partial[top] = s;
    level[top] = lv;
    ++top;
  }
  Acc total = 0;
  while (top > 0) total = partial[--top] + total;
  return total;
}

// The float and double sums, compiled twice: for AVX2 and for the baseline
// ISA, picked at load time (GCC/Clang function multiversioning). The loop is
// the same; wider vectors halve the instructions per byte. Not under
// ThreadSanitizer: the ifunc resolvers that pick the clone run during
// relocation, before the TSan runtime is initialised, and crash the program.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define C10TIDY_UNDER_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define C10TIDY_UNDER_TSAN 1
#endif
#if defined(__x86_64__) && !defined(C10TIDY_UNDER_TSAN)
#define C10TIDY_AVX2_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define C10TIDY_AVX2_CLONES
#endif

C10TIDY_AVX2_CLONES
float sum_float(const float* p, int64_t n) {
  return contiguous_sum(p, n);
}
C10TIDY_AVX2_CLONES
double sum_double(const double* p, int64_t n) {
  return contiguous_sum(p, n);
}

// The dims a reduction covers, as a mask; an empty list means all of them
// (libtorch 1.13's sum(dim=[])).
std::vector<bool> reduced_dims(const char* op, const Tensor& self, IntArrayRef dims) {
  const int64_t n = self.dim();
  std::vector<bool> mask(static_cast<size_t>(std::max<int64_t>(n, 1)), dims.empty());
  for (int64_t d : dims) {
    const int64_t w = c10::maybe_wrap_dim(d, n);
    TORCH_CHECK(!mask[w], op, "(): dim ", w, " appears multiple times in the list of dims ", dims);
    mask[w] = true;
  }
  return mask;
}

// Sum over the dims in `mask`, accumulated in double (floating input) or
// wrapping int64; returns the accumulator tensor (Double or Long) of the
// kept-dims shape.
Tensor sum_dims_acc(const Tensor& self, const std::vector<bool>& mask) {
  std::vector<int64_t> keep_shape = self.sizes().vec();
  for (size_t d = 0; d < keep_shape.size(); ++d) {
    if (mask[d]) keep_shape[d] = 1;
  }
  const bool floating = isFloatingType(self.scalar_type());
  Tensor acc = cpu::zeros(keep_shape, floating ? kDouble : kLong);
  dispatch_all(self.scalar_type(), "sum", [&](auto tag) {
    using T = decltype(tag);
    using Acc = std::conditional_t<std::is_floating_point<T>::value, double, uint64_t>;
    auto ops = internal::make_operands<2>(
        self.sizes(), {static_cast<char*>(acc.data_ptr()), static_cast<char*>(self.data_ptr())},
        {internal::broadcast_byte_strides(acc, self.sizes()), internal::broadcast_byte_strides(self, self.sizes())});
    internal::for_each_row<2>(ops, self.numel(), [](int64_t n, std::array<char*, 2> p, std::array<int64_t, 2> s) {
      if (s[0] == 0) { // reducing along the row
        Acc total = 0;
        for (int64_t i = 0; i < n; ++i) total += to_acc<Acc>(*reinterpret_cast<const T*>(p[1] + i * s[1]));
        *reinterpret_cast<Acc*>(p[0]) += total;
      } else if (s[0] == sizeof(Acc) && s[1] == sizeof(T)) { // the row is kept: element-wise accumulate
        Acc* a = reinterpret_cast<Acc*>(p[0]);
        const T* x = reinterpret_cast<const T*>(p[1]);
        for (int64_t i = 0; i < n; ++i) a[i] += to_acc<Acc>(x[i]);
      } else {
        for (int64_t i = 0; i < n; ++i) {
          *reinterpret_cast<Acc*>(p[0] + i * s[0]) += to_acc<Acc>(*reinterpret_cast<const T*>(p[1] + i * s[1]));
        }
      }
    });
  });
  return acc;
}

Tensor drop_reduced(const Tensor& t, const std::vector<bool>& mask, int64_t ndim, bool keepdim) {
  if (keepdim) return t;
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < ndim; ++d) {
    if (!mask[d]) shape.push_back(t.sizes()[d]);
  }
  return t.view(shape);
}

ScalarType sum_result_type(const Tensor& self, std::optional<ScalarType> dtype) {
  if (dtype) return *dtype;
  return isFloatingType(self.scalar_type()) ? self.scalar_type() : kLong;
}

void check_mean_dtype(const Tensor& self, std::optional<ScalarType> dtype) {
  const ScalarType t = dtype.value_or(self.scalar_type());
  TORCH_CHECK(isFloatingType(t),
              "mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
              "dtype. Got: ",
              t);
}

} // namespace

Tensor Tensor::sum(std::optional<ScalarType> dtype) const {
  check_defined("sum");
  if (dtype && *dtype != scalar_type()) return to(*dtype).sum();
  const Tensor src = contiguous();
  Tensor out = empty_contiguous({}, sum_result_type(*this, dtype));
  dispatch_all(scalar_type(), "sum", [&](auto tag) {
    using T = decltype(tag);
    const T* data = static_cast<const T*>(src.data_ptr());
    sum_acc_t<T> total;
    if constexpr (std::is_same<T, float>::value) {
      total = sum_float(data, src.numel());
    } else if constexpr (std::is_same<T, double>::value) {
      total = sum_double(data, src.numel());
    } else {
      total = contiguous_sum(data, src.numel());
    }
    if constexpr (std::is_floating_point<T>::value) {
      *out.data_ptr<T>() = total;
    } else {
      *out.data_ptr<int64_t>() = static_cast<int64_t>(total);
    }
  });
  return out;
}

Tensor Tensor::sum(IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) const {
  check_defined("sum");
  if (dtype && *dtype != scalar_type()) return to(*dtype).sum(dim, keepdim);
  const auto mask = reduced_dims("sum", *this, dim);
  if (this->dim() == 0) return sum(dtype);
  Tensor acc = sum_dims_acc(*this, mask);
  return drop_reduced(acc.to(sum_result_type(*this, dtype)), mask, this->dim(), keepdim);
}

Tensor Tensor::mean(std::optional<ScalarType> dtype) const {
  check_defined("mean");
  check_mean_dtype(*this, dtype);
  const Tensor s = sum(dtype);
  // 0/0 gives NaN for an empty tensor, as in libtorch.
  return s.div(static_cast<double>(numel()));
}

Tensor Tensor::mean(IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) const {
  check_defined("mean");
  check_mean_dtype(*this, dtype);
  if (dtype && *dtype != scalar_type()) return to(*dtype).mean(dim, keepdim);
  const auto mask = reduced_dims("mean", *this, dim);
  if (this->dim() == 0) return mean(dtype);
  int64_t count = 1;
  for (int64_t d = 0; d < this->dim(); ++d) {
    if (mask[d]) count *= sizes()[d];
  }
  Tensor acc = sum_dims_acc(*this, mask);
  acc.div_(static_cast<double>(count));
  return drop_reduced(acc.to(scalar_type()), mask, this->dim(), keepdim);
}

Tensor sum(const Tensor& self, std::optional<ScalarType> dtype) { return self.sum(dtype); }
Tensor sum(const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  return self.sum(dim, keepdim, dtype);
}
Tensor mean(const Tensor& self, std::optional<ScalarType> dtype) { return self.mean(dtype); }
Tensor mean(const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  return self.mean(dim, keepdim, dtype);
}

// ---------------------------------------------------------------------------
// Matrix product

Tensor Tensor::mm(const Tensor& mat2) const {
  check_defined("mm");
  TORCH_CHECK(mat2.defined(), "mm(): mat2 is undefined");
  TORCH_CHECK(dim() == 2, "self must be a matrix, got a ", dim(), "-D tensor of sizes ", sizes());
  TORCH_CHECK(mat2.dim() == 2, "mat2 must be a matrix, got a ", mat2.dim(), "-D tensor of sizes ", mat2.sizes());
  TORCH_CHECK(sizes()[1] == mat2.sizes()[0], "mat1 and mat2 shapes cannot be multiplied (", sizes()[0], "x",
              sizes()[1], " and ", mat2.sizes()[0], "x", mat2.sizes()[1], ")");
  TORCH_CHECK(scalar_type() == mat2.scalar_type(), "expected mat1 and mat2 to have the same dtype, but got: ",
              scalar_type(), " != ", mat2.scalar_type());
  TORCH_CHECK(isFloatingType(scalar_type()), "mm: the reference runtime multiplies Float and Double matrices only, got ",
              scalar_type());
  const int64_t n = sizes()[0], k = sizes()[1], m = mat2.sizes()[1];
  Tensor out = cpu::zeros({n, m}, scalar_type());
  const Tensor a = contiguous(), b = mat2.contiguous();
  dispatch_all(scalar_type(), "mm", [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point<T>::value) {
      const T* A = a.data_ptr<T>();
      const T* B = b.data_ptr<T>();
      T* C = out.data_ptr<T>();
      // i-k-j order: the inner loop streams a row of B into a row of C,
      // contiguous on both sides, so it vectorises.
      for (int64_t i = 0; i < n; ++i) {
        T* c = C + i * m;
        for (int64_t kk = 0; kk < k; ++kk) {
          const T aik = A[i * k + kk];
          const T* brow = B + kk * m;
          for (int64_t j = 0; j < m; ++j) c[j] += aik * brow[j];
        }
      }
    }
  });
  return out;
}

Tensor Tensor::matmul(const Tensor& other) const {
  check_defined("matmul");
  TORCH_CHECK(other.defined(), "matmul(): other is undefined");
  TORCH_CHECK(dim() == 2 && other.dim() == 2, "matmul: the reference runtime supports 2-D x 2-D only, got sizes ",
              sizes(), " and ", other.sizes());
  return mm(other);
}

Tensor matmul(const Tensor& self, const Tensor& other) { return self.matmul(other); }
Tensor mm(const Tensor& self, const Tensor& mat2) { return self.mm(mat2); }

} // namespace at
