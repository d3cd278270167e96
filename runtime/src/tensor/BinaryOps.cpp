// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Element-wise kernels: copy_ (with dtype conversion and broadcasting),
// fill_, and add/sub/mul/div with broadcasting and type promotion.
//
// Every kernel ends in a row loop whose contiguous case is a plain indexed
// loop over T* (no strides, no calls), which GCC and Clang vectorise at -O2
// and above; broadcast rows (one operand with stride 0) have their own loop
// with the scalar hoisted. Other strides take a generic strided loop.

#include "Loops.h"
#include "TensorInternal.h"

#include <algorithm>
#include <cstdint>

namespace at {

using internal::convert;
using internal::dispatch_all;
using internal::empty_contiguous;

std::vector<int64_t> infer_size(IntArrayRef a, IntArrayRef b) {
  const size_t n = std::max(a.size(), b.size());
  std::vector<int64_t> out(n);
  // From the right (trailing dims align), so the first mismatch reported is
  // the innermost one, as in libtorch.
  for (size_t i = n; i-- > 0;) {
    const int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    const int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    TORCH_CHECK(da == db || da == 1 || db == 1, "The size of tensor a (", da, ") must match the size of tensor b (",
                db, ") at non-singleton dimension ", i, " (shapes ", a, " and ", b, ")");
    out[i] = da == 1 ? db : da;
  }
  return out;
}

namespace internal {

bool may_overlap(const Tensor& a, const Tensor& b) {
  if (!a.has_storage() || !b.has_storage() || !a.storage().is_alias_of(b.storage())) return false;
  if (a.numel() == 0 || b.numel() == 0) return false;
  auto range = [](const Tensor& t) {
    int64_t last = t.storage_offset();
    for (int64_t d = 0; d < t.dim(); ++d) last += (t.sizes()[d] - 1) * t.strides()[d];
    const int64_t item = t.element_size();
    return std::pair<int64_t, int64_t>(t.storage_offset() * item, (last + 1) * item);
  };
  auto ra = range(a), rb = range(b);
  return ra.first < rb.second && rb.first < ra.second;
}

} // namespace internal

namespace {

// dst[i] = convert(src[i]) over the broadcast shape of dst.
template <typename To, typename From>
void copy_kernel(const Tensor& dst, const Tensor& src) {
  auto ops = internal::make_operands<2>(
      dst.sizes(), {static_cast<char*>(dst.data_ptr()), static_cast<char*>(src.data_ptr())},
      {internal::broadcast_byte_strides(dst, dst.sizes()), internal::broadcast_byte_strides(src, dst.sizes())});
  internal::for_each_row<2>(ops, dst.numel(), [](int64_t n, std::array<char*, 2> p, std::array<int64_t, 2> s) {
    if (s[0] == sizeof(To) && s[1] == sizeof(From)) {
      To* out = reinterpret_cast<To*>(p[0]);
      const From* in = reinterpret_cast<const From*>(p[1]);
      if constexpr (std::is_same<To, From>::value) {
        std::memmove(out, in, static_cast<size_t>(n) * sizeof(To));
      } else {
        for (int64_t i = 0; i < n; ++i) out[i] = convert<To>(in[i]);
      }
    } else if (s[1] == 0) {
      const To v = convert<To>(*reinterpret_cast<const From*>(p[1]));
      for (int64_t i = 0; i < n; ++i) *reinterpret_cast<To*>(p[0] + i * s[0]) = v;
    } else {
      for (int64_t i = 0; i < n; ++i) {
        *reinterpret_cast<To*>(p[0] + i * s[0]) = convert<To>(*reinterpret_cast<const From*>(p[1] + i * s[1]));
      }
    }
  });
}

} // namespace

Tensor& Tensor::copy_(const Tensor& src, bool /*non_blocking*/) const {
  check_defined("copy_");
  TORCH_CHECK(src.defined(), "copy_(): the source tensor is undefined");
  Tensor& self = const_cast<Tensor&>(*this);
  if (is_same(src)) return self;
  (void)src.expand(sizes()); // validates broadcasting with libtorch's message
  internal::check_no_internal_overlap(*this);
  if (numel() == 0) return self;
  // A source that overlaps the destination in any other way is read from a
  // copy, so the result does not depend on the iteration order.
  const bool same_layout = src.has_storage() && storage().is_alias_of(src.storage()) &&
                           src.storage_offset() == storage_offset() && src.sizes() == sizes() &&
                           src.strides() == strides() && src.scalar_type() == scalar_type();
  if (same_layout) return self;
  Tensor from = internal::may_overlap(*this, src) ? src.clone() : src;
  dispatch_all(scalar_type(), "copy_", [&](auto to_tag) {
    using To = decltype(to_tag);
    dispatch_all(from.scalar_type(), "copy_", [&](auto from_tag) {
      using From = decltype(from_tag);
      copy_kernel<To, From>(*this, from);
    });
  });
  return self;
}

namespace internal {

// Whether t's elements fill a block of memory exactly once in some dimension
// order (a permutation of a contiguous tensor).
bool is_non_overlapping_and_dense(const Tensor& t) {
  std::vector<int64_t> order;
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (t.sizes()[d] >= 2) order.push_back(d); // size 0 and 1 dims place no constraint
  }
  std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return t.strides()[a] < t.strides()[b]; });
  int64_t expected = 1;
  for (int64_t d : order) {
    if (t.strides()[d] != expected) return false;
    expected *= t.sizes()[d];
  }
  return true;
}

// An uninitialised tensor shaped like `self`, with self's strides when they
// are a permutation of contiguous ones and contiguous strides otherwise --
// libtorch's MemoryFormat::Preserve, the default of clone(), to() and the
// *_like factories.
Tensor empty_like_preserve(const Tensor& self, ScalarType dtype) {
  if (is_non_overlapping_and_dense(self)) {
    return empty_strided(self.sizes(), self.strides(), dtype);
  }
  return empty_contiguous(self.sizes(), dtype);
}

} // namespace internal

Tensor Tensor::clone() const {
  check_defined("clone");
  Tensor out = internal::empty_like_preserve(*this, scalar_type());
  out.copy_(*this);
  return out;
}

Tensor Tensor::contiguous() const {
  check_defined("contiguous");
  if (is_contiguous()) return *this;
  Tensor out = empty_contiguous(sizes(), scalar_type());
  out.copy_(*this);
  return out;
}

Tensor Tensor::to(ScalarType dtype, bool /*non_blocking*/, bool copy) const {
  check_defined("to");
  if (dtype == scalar_type() && !copy) return *this;
  Tensor out = internal::empty_like_preserve(*this, dtype);
  out.copy_(*this);
  return out;
}

Tensor Tensor::to(Device device, bool /*non_blocking*/, bool copy) const {
  check_defined("to");
  TORCH_CHECK(device.is_cpu(), "the reference runtime has only CPU tensors; cannot move one to ", device);
  return copy ? clone() : *this;
}

Tensor& Tensor::fill_(const Scalar& value) const {
  check_defined("fill_");
  internal::check_no_internal_overlap(*this);
  Tensor& self = const_cast<Tensor&>(*this);
  dispatch_all(scalar_type(), "fill_", [&](auto tag) {
    using T = decltype(tag);
    // Checked conversion: fill_(300) on a uint8 tensor throws, as in libtorch.
    const T v = value.to<T>();
    if (is_contiguous()) {
      T* out = static_cast<T*>(data_ptr());
      const int64_t n = numel();
      for (int64_t i = 0; i < n; ++i) out[i] = v;
      return;
    }
    auto ops = internal::make_operands<1>(sizes(), {static_cast<char*>(data_ptr())},
                                          {internal::broadcast_byte_strides(*this, sizes())});
    internal::for_each_row<1>(ops, numel(), [v](int64_t n, std::array<char*, 1> p, std::array<int64_t, 1> s) {
      for (int64_t i = 0; i < n; ++i) *reinterpret_cast<T*>(p[0] + i * s[0]) = v;
    });
  });
  return self;
}

Tensor& Tensor::zero_() const {
  return fill_(0);
}

// ---------------------------------------------------------------------------
// Arithmetic

namespace {

enum class BinaryOp : std::uint8_t { Add, Sub, Mul, Div };

const char* op_name(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "add";
    case BinaryOp::Sub: return "sub";
    case BinaryOp::Mul: return "mul";
    case BinaryOp::Div: return "div";
  }
  return "?";
}

// One operand of an arithmetic op. A wrapped number (a Scalar turned into a
// 0-dim tensor) has the lowest priority in type promotion.
struct Operand {
  const Tensor& t;
  bool wrapped_number;
};

// libtorch's result_type: operands with dimensions decide first, then 0-dim
// tensors, then wrapped numbers; a lower tier only matters if it is of a
// higher kind (bool < integral < floating). A floating wrapped number counts
// as the default dtype (Float).
ScalarType result_type(std::initializer_list<Operand> operands) {
  ScalarType dim_result = ScalarType::Undefined, zero_result = ScalarType::Undefined,
             wrapped_result = ScalarType::Undefined;
  auto promote = [](ScalarType a, ScalarType b) {
    if (a == ScalarType::Undefined) return b;
    if (b == ScalarType::Undefined) return a;
    return promoteTypes(a, b);
  };
  for (const Operand& op : operands) {
    ScalarType t = op.t.scalar_type();
    if (op.wrapped_number) {
      if (isFloatingType(t)) t = kFloat;
      wrapped_result = promote(wrapped_result, t);
    } else if (op.t.dim() == 0) {
      zero_result = promote(zero_result, t);
    } else {
      dim_result = promote(dim_result, t);
    }
  }
  auto combine = [&](ScalarType higher, ScalarType lower) {
    if (isFloatingType(higher)) return higher;
    if (higher == ScalarType::Bool || isFloatingType(lower)) return promote(higher, lower);
    if (higher != ScalarType::Undefined) return higher;
    return lower;
  };
  return combine(dim_result, combine(zero_result, wrapped_result));
}

Tensor wrap_scalar(const Scalar& s) {
  Tensor t = empty_contiguous({}, s.type());
  t.fill_(s);
  return t;
}

template <typename T>
struct AddOp {
  T alpha;
  T operator()(T a, T b) const {
    if constexpr (std::is_same<T, bool>::value) {
      return a || (alpha && b);
    } else {
      return internal::wrapping_add(a, internal::wrapping_mul(alpha, b));
    }
  }
};
template <typename T>
struct PlainAddOp {
  T operator()(T a, T b) const {
    if constexpr (std::is_same<T, bool>::value) {
      return a || b;
    } else {
      return internal::wrapping_add(a, b);
    }
  }
};
template <typename T>
struct SubOp {
  T alpha;
  T operator()(T a, T b) const { return internal::wrapping_sub(a, internal::wrapping_mul(alpha, b)); }
};
template <typename T>
struct PlainSubOp {
  T operator()(T a, T b) const { return internal::wrapping_sub(a, b); }
};
template <typename T>
struct MulOp {
  T operator()(T a, T b) const {
    if constexpr (std::is_same<T, bool>::value) {
      return a && b;
    } else {
      return internal::wrapping_mul(a, b);
    }
  }
};
template <typename T>
struct DivOp {
  T operator()(T a, T b) const { return a / b; } // floating only: true division
};

// A contiguous output row: o[k] = f(k). Computed a chunk at a time into a
// local array and then stored, so that the fixed-length inner loops
// vectorise without a runtime alias check -- in-place ops have o == x, which
// such a check would send down the scalar path. Exact aliasing is safe
// because a chunk's inputs are all read before its outputs are written;
// partial overlaps never get here (binary_ reads such operands from a copy).
template <typename T, typename F>
inline void store_row(int64_t n, T* o, F f) {
  constexpr int64_t kChunk = 128 / sizeof(T);
  int64_t i = 0;
  for (; i + kChunk <= n; i += kChunk) {
    T tmp[kChunk];
    for (int64_t j = 0; j < kChunk; ++j) tmp[j] = f(i + j);
    for (int64_t j = 0; j < kChunk; ++j) o[i + j] = tmp[j];
  }
  for (; i < n; ++i) o[i] = f(i);
}

// out = op(a, b) over out's shape; a and b have out's dtype and broadcast to
// it. out may be a (in-place ops) and may alias b only element for element.
template <typename T, typename Op>
void binary_kernel(const Tensor& out, const Tensor& a, const Tensor& b, Op op) {
  const int64_t n = out.numel();
  if (a.sizes() == out.sizes() && b.sizes() == out.sizes() && out.is_contiguous() && a.is_contiguous() &&
      b.is_contiguous()) {
    T* o = static_cast<T*>(out.data_ptr());
    const T* x = static_cast<const T*>(a.data_ptr());
    const T* y = static_cast<const T*>(b.data_ptr());
    store_row(n, o, [&](int64_t k) { return op(x[k], y[k]); });
    return;
  }
  auto ops = internal::make_operands<3>(
      out.sizes(),
      {static_cast<char*>(out.data_ptr()), static_cast<char*>(a.data_ptr()), static_cast<char*>(b.data_ptr())},
      {internal::broadcast_byte_strides(out, out.sizes()), internal::broadcast_byte_strides(a, out.sizes()),
       internal::broadcast_byte_strides(b, out.sizes())});
  internal::for_each_row<3>(ops, n, [op](int64_t len, std::array<char*, 3> p, std::array<int64_t, 3> s) {
    constexpr int64_t sz = sizeof(T);
    T* o = reinterpret_cast<T*>(p[0]);
    const T* x = reinterpret_cast<const T*>(p[1]);
    const T* y = reinterpret_cast<const T*>(p[2]);
    if (s[0] == sz && s[1] == sz && s[2] == sz) {
      store_row(len, o, [&](int64_t k) { return op(x[k], y[k]); });
    } else if (s[0] == sz && s[1] == sz && s[2] == 0) {
      const T yv = *y;
      store_row(len, o, [&](int64_t k) { return op(x[k], yv); });
    } else if (s[0] == sz && s[1] == 0 && s[2] == sz) {
      const T xv = *x;
      store_row(len, o, [&](int64_t k) { return op(xv, y[k]); });
    } else {
      for (int64_t i = 0; i < len; ++i) {
        *reinterpret_cast<T*>(p[0] + i * s[0]) =
            op(*reinterpret_cast<const T*>(p[1] + i * s[1]), *reinterpret_cast<const T*>(p[2] + i * s[2]));
      }
    }
  });
}

void run_binary(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const Scalar& alpha) {
  dispatch_all(out.scalar_type(), op_name(op), [&](auto tag) {
    using T = decltype(tag);
    switch (op) {
      case BinaryOp::Add:
      case BinaryOp::Sub: {
        const T al = alpha.to<T>();
        const bool one = alpha.isIntegral(true) ? alpha.toLong() == 1 : alpha.toDouble() == 1.0;
        if (op == BinaryOp::Add) {
          one ? binary_kernel<T>(out, a, b, PlainAddOp<T>{}) : binary_kernel<T>(out, a, b, AddOp<T>{al});
        } else if constexpr (!std::is_same<T, bool>::value) {
          one ? binary_kernel<T>(out, a, b, PlainSubOp<T>{}) : binary_kernel<T>(out, a, b, SubOp<T>{al});
        }
        return;
      }
      case BinaryOp::Mul: binary_kernel<T>(out, a, b, MulOp<T>{}); return;
      case BinaryOp::Div:
        if constexpr (std::is_floating_point<T>::value) binary_kernel<T>(out, a, b, DivOp<T>{});
        return;
    }
  });
}

void check_alpha(BinaryOp op, ScalarType common, const Scalar& alpha) {
  if (op != BinaryOp::Add && op != BinaryOp::Sub) return;
  TORCH_CHECK(!(isIntegralType(common, true) && alpha.isFloatingPoint()),
              "For integral input tensors, argument alpha must not be a floating point number.");
  TORCH_CHECK(common == kBool || !alpha.isBoolean(), "Boolean alpha only supported for Boolean results.");
}

void check_sub_bool(BinaryOp op, const Tensor& a, const Tensor& b) {
  if (op != BinaryOp::Sub) return;
  TORCH_CHECK(!(a.scalar_type() == kBool && b.scalar_type() == kBool),
              "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
              "`logical_xor()` operator instead.");
  TORCH_CHECK(a.scalar_type() != kBool && b.scalar_type() != kBool,
              "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a "
              "mask, use the `~` or `logical_not()` operator instead.");
}

// out-of-place: the result has the broadcast shape and the promoted dtype
// (Float for a true division of integers).
Tensor binary(BinaryOp op, Operand a, Operand b, const Scalar& alpha) {
  TORCH_CHECK(a.t.defined() && b.t.defined(), op_name(op), "(): expected defined tensors");
  check_sub_bool(op, a.t, b.t);
  ScalarType common = result_type({a, b});
  if (op == BinaryOp::Div && !isFloatingType(common)) common = kFloat;
  check_alpha(op, common, alpha);
  // Fast path: same shape, same dtype, contiguous -- the small-tensor case.
  if (a.t.scalar_type() == common && b.t.scalar_type() == common && a.t.sizes() == b.t.sizes()) {
    Tensor out = empty_contiguous(a.t.sizes(), common);
    run_binary(op, out, a.t, b.t, alpha);
    return out;
  }
  std::vector<int64_t> shape = infer_size(a.t.sizes(), b.t.sizes());
  Tensor out = empty_contiguous(shape, common);
  run_binary(op, out, a.t.to(common), b.t.to(common), alpha);
  return out;
}

// in-place: self keeps its shape and dtype; the other operand must broadcast
// to self's shape and the computed type must be castable to self's dtype.
Tensor& binary_(BinaryOp op, const Tensor& self, Operand other, const Scalar& alpha) {
  TORCH_CHECK(self.defined() && other.t.defined(), op_name(op), "_(): expected defined tensors");
  check_sub_bool(op, self, other.t);
  ScalarType common = result_type({Operand{self, false}, other});
  if (op == BinaryOp::Div && !isFloatingType(common)) common = kFloat;
  check_alpha(op, common, alpha);
  TORCH_CHECK(canCast(common, self.scalar_type()), "result type ", common,
              " can't be cast to the desired output type ", self.scalar_type());
  std::vector<int64_t> shape = infer_size(self.sizes(), other.t.sizes());
  TORCH_CHECK(IntArrayRef(shape) == self.sizes(), "output with shape ", self.sizes(),
              " doesn't match the broadcast shape ", IntArrayRef(shape));
  internal::check_no_internal_overlap(self);
  Tensor& result = const_cast<Tensor&>(self);
  if (self.numel() == 0) return result;
  // `other` is read from a copy if it shares bytes with self in any way
  // other than element for element.
  Tensor rhs = other.t.to(common);
  if (rhs.is_same(other.t) && !rhs.is_same(self) && internal::may_overlap(self, rhs) &&
      !(rhs.storage_offset() == self.storage_offset() && rhs.sizes() == self.sizes() &&
        rhs.strides() == self.strides())) {
    rhs = rhs.clone();
  }
  if (self.scalar_type() == common) {
    run_binary(op, self, self, rhs, alpha);
  } else {
    Tensor tmp = empty_contiguous(shape, common);
    run_binary(op, tmp, self.to(common), rhs, alpha);
    result.copy_(tmp);
  }
  return result;
}

} // namespace

Tensor Tensor::add(const Tensor& other, const Scalar& alpha) const {
  return binary(BinaryOp::Add, {*this, false}, {other, false}, alpha);
}
Tensor Tensor::add(const Scalar& other, const Scalar& alpha) const {
  Tensor w = wrap_scalar(other);
  return binary(BinaryOp::Add, {*this, false}, {w, true}, alpha);
}
Tensor Tensor::sub(const Tensor& other, const Scalar& alpha) const {
  return binary(BinaryOp::Sub, {*this, false}, {other, false}, alpha);
}
Tensor Tensor::sub(const Scalar& other, const Scalar& alpha) const {
  Tensor w = wrap_scalar(other);
  return binary(BinaryOp::Sub, {*this, false}, {w, true}, alpha);
}
Tensor Tensor::mul(const Tensor& other) const {
  return binary(BinaryOp::Mul, {*this, false}, {other, false}, 1);
}
Tensor Tensor::mul(const Scalar& other) const {
  Tensor w = wrap_scalar(other);
  return binary(BinaryOp::Mul, {*this, false}, {w, true}, 1);
}
Tensor Tensor::div(const Tensor& other) const {
  return binary(BinaryOp::Div, {*this, false}, {other, false}, 1);
}
Tensor Tensor::div(const Scalar& other) const {
  Tensor w = wrap_scalar(other);
  return binary(BinaryOp::Div, {*this, false}, {w, true}, 1);
}
Tensor& Tensor::add_(const Tensor& other, const Scalar& alpha) const {
  return binary_(BinaryOp::Add, *this, {other, false}, alpha);
}
Tensor& Tensor::add_(const Scalar& other, const Scalar& alpha) const {
  Tensor w = wrap_scalar(other);
  return binary_(BinaryOp::Add, *this, {w, true}, alpha);
}
Tensor& Tensor::sub_(const Tensor& other, const Scalar& alpha) const {
  return binary_(BinaryOp::Sub, *this, {other, false}, alpha);
}
Tensor& Tensor::sub_(const Scalar& other, const Scalar& alpha) const {
  Tensor w = wrap_scalar(other);
  return binary_(BinaryOp::Sub, *this, {w, true}, alpha);
}
Tensor& Tensor::mul_(const Tensor& other) const {
  return binary_(BinaryOp::Mul, *this, {other, false}, 1);
}
Tensor& Tensor::mul_(const Scalar& other) const {
  Tensor w = wrap_scalar(other);
  return binary_(BinaryOp::Mul, *this, {w, true}, 1);
}
Tensor& Tensor::div_(const Tensor& other) const {
  return binary_(BinaryOp::Div, *this, {other, false}, 1);
}
Tensor& Tensor::div_(const Scalar& other) const {
  Tensor w = wrap_scalar(other);
  return binary_(BinaryOp::Div, *this, {w, true}, 1);
}

Tensor operator+(const Tensor& a, const Tensor& b) { return a.add(b); }
Tensor operator+(const Tensor& a, const Scalar& b) { return a.add(b); }
Tensor operator+(const Scalar& a, const Tensor& b) { return b.add(a); }
Tensor operator-(const Tensor& a, const Tensor& b) { return a.sub(b); }
Tensor operator-(const Tensor& a, const Scalar& b) { return a.sub(b); }
Tensor operator-(const Scalar& a, const Tensor& b) {
  Tensor w = wrap_scalar(a);
  return binary(BinaryOp::Sub, {w, true}, {b, false}, 1);
}
Tensor operator*(const Tensor& a, const Tensor& b) { return a.mul(b); }
Tensor operator*(const Tensor& a, const Scalar& b) { return a.mul(b); }
Tensor operator*(const Scalar& a, const Tensor& b) { return b.mul(a); }
Tensor operator/(const Tensor& a, const Tensor& b) { return a.div(b); }
Tensor operator/(const Tensor& a, const Scalar& b) { return a.div(b); }

Tensor add(const Tensor& self, const Tensor& other, const Scalar& alpha) { return self.add(other, alpha); }
Tensor sub(const Tensor& self, const Tensor& other, const Scalar& alpha) { return self.sub(other, alpha); }
namespace cpu {
Tensor mul(const Tensor& self, const Tensor& other) { return self.mul(other); }
} // namespace cpu
Tensor div(const Tensor& self, const Tensor& other) { return self.div(other); }

} // namespace at
