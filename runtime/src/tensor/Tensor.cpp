// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// at::Tensor methods that are not kernels: undefined-tensor errors, item(),
// equal(), set_(), printing.

#include "Loops.h"
#include "TensorInternal.h"

#include <iomanip>
#include <sstream>

namespace at {

void TensorBase::fail_undefined(const char* what) {
  TORCH_CHECK(false, what, "() called on an undefined Tensor");
}

Scalar Tensor::item() const {
  check_defined("item");
  TORCH_CHECK(numel() == 1, "a Tensor with ", numel(), " elements cannot be converted to Scalar");
  Scalar result;
  internal::dispatch_all(scalar_type(), "item", [&](auto tag) {
    using T = decltype(tag);
    const T v = *static_cast<const T*>(data_ptr());
    if constexpr (std::is_same<T, bool>::value) {
      result = Scalar(v);
    } else if constexpr (std::is_floating_point<T>::value) {
      result = Scalar(static_cast<double>(v));
    } else {
      result = Scalar(static_cast<int64_t>(v));
    }
  });
  return result;
}

namespace {
/// Compares two tensors of one dtype and shape element by element, in
/// row-major order, handing each result to \p sink.
template <typename Sink>
void compare_elements(const Tensor& a, const Tensor& b, const char* what, Sink&& sink) {
  internal::dispatch_all(a.scalar_type(), what, [&](auto tag) {
    using T = decltype(tag);
    auto ops = internal::make_operands<2>(
        a.sizes(), {static_cast<char*>(a.data_ptr()), static_cast<char*>(b.data_ptr())},
        {internal::broadcast_byte_strides(a, a.sizes()), internal::broadcast_byte_strides(b, a.sizes())});
    internal::for_each_row<2>(ops, a.numel(), [&](int64_t n, std::array<char*, 2> p, std::array<int64_t, 2> s) {
      for (int64_t i = 0; i < n; ++i) {
        sink(*reinterpret_cast<const T*>(p[0] + i * s[0]) == *reinterpret_cast<const T*>(p[1] + i * s[1]));
      }
    });
  });
}
} // namespace

bool Tensor::equal(const Tensor& other) const {
  check_defined("equal");
  TORCH_CHECK(other.defined(), "equal(): other is undefined");
  TORCH_CHECK(scalar_type() == other.scalar_type(), "Expected object of scalar type ", scalar_type(),
              " but got scalar type ", other.scalar_type(), " for argument 'other'");
  if (sizes() != other.sizes()) return false;
  bool same = true;
  compare_elements(*this, other, "equal", [&](bool equal) { same &= equal; });
  return same;
}

Tensor Tensor::eq(const Tensor& other) const {
  check_defined("eq");
  TORCH_CHECK(other.defined(), "eq(): other is undefined");
  TORCH_CHECK(scalar_type() == other.scalar_type() && sizes() == other.sizes(),
              "eq(): the runtime compares tensors of one dtype and shape, not ", scalar_type(), sizes(), " and ",
              other.scalar_type(), other.sizes());
  Tensor out = at::empty(sizes(), TensorOptions().dtype(kBool));
  bool* result = out.data_ptr<bool>();
  compare_elements(*this, other, "eq", [&](bool equal) { *result++ = equal; });
  return out;
}

bool equal(const Tensor& self, const Tensor& other) {
  return self.equal(other);
}

Tensor& Tensor::set_(Storage source, int64_t storage_offset, IntArrayRef size, IntArrayRef stride) const {
  check_defined("set_");
  TORCH_CHECK(source, "set_(): the storage is empty");
  std::vector<int64_t> st;
  if (stride.empty()) {
    st.resize(size.size());
    int64_t s = 1;
    for (size_t i = size.size(); i-- > 0;) {
      st[i] = s;
      s *= std::max<int64_t>(size[i], 1);
    }
  } else {
    st = stride.vec();
  }
  // Validate against the new storage on a scratch TensorImpl first, so that
  // a bad geometry leaves this tensor unchanged.
  (void)internal::make_tensor(source, scalar_type(), size, st, storage_offset);
  std::vector<int64_t> sz = size.vec();
  impl_->set_storage_keep_dtype(std::move(source));
  impl_->set_sizes_and_strides(sz, st, storage_offset);
  return const_cast<Tensor&>(*this);
}

std::string Tensor::toString() const {
  if (!defined()) return "UndefinedType";
  return std::string("CPU") + c10::toString(scalar_type()) + "Type";
}

namespace {

template <typename T>
void print_value(std::ostream& out, T v) {
  if constexpr (std::is_same<T, bool>::value) {
    out << (v ? "True" : "False");
  } else if constexpr (std::is_floating_point<T>::value) {
    out << std::setprecision(std::is_same<T, float>::value ? 9 : 17) << v;
  } else {
    out << static_cast<int64_t>(v);
  }
}

template <typename T>
void print_nested(std::ostream& out, const Tensor& t, const char* base, int64_t d, int indent) {
  if (d == t.dim()) {
    print_value(out, *reinterpret_cast<const T*>(base));
    return;
  }
  out << "[";
  const int64_t step = t.strides()[d] * t.element_size();
  for (int64_t i = 0; i < t.sizes()[d]; ++i) {
    if (i > 0) {
      out << ",";
      if (d + 1 < t.dim()) {
        out << "\n" << std::string(static_cast<size_t>(indent + 1), ' ');
      } else {
        out << " ";
      }
    }
    print_nested<T>(out, t, base + i * step, d + 1, indent + 1);
  }
  out << "]";
}

} // namespace

std::ostream& operator<<(std::ostream& out, const Tensor& t) {
  if (!t.defined()) return out << "[ Tensor (undefined) ]";
  std::ostringstream body;
  internal::dispatch_all(t.scalar_type(), "print", [&](auto tag) {
    using T = decltype(tag);
    if (t.numel() == 0) {
      body << "[]";
    } else {
      print_nested<T>(body, t, static_cast<const char*>(t.data_ptr()), 0, 0);
    }
  });
  out << body.str() << "\n[ " << t.toString() << "{";
  for (int64_t d = 0; d < t.dim(); ++d) out << (d ? "," : "") << t.sizes()[d];
  out << "}";
  if (!t.is_contiguous()) out << ", strides " << t.strides();
  return out << " ]";
}

} // namespace at
