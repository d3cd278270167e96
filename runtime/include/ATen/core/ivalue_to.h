// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <string>

namespace at {
class Tensor;
} // namespace at

namespace c10 {
struct IValue;
namespace detail {

// What IValue::to<T>() const& returns: a copy in general, a reference into
// the IValue for the types it stores as they are (so `list[i]` on a
// List<std::string> or List<Tensor> does not copy).
template <typename T>
struct ivalue_to_const_ref_overload_return {
  using type = T;
};

template <>
struct ivalue_to_const_ref_overload_return<at::Tensor> {
  using type = const at::Tensor&;
};

template <>
struct ivalue_to_const_ref_overload_return<std::string> {
  using type = const std::string&;
};

template <>
struct ivalue_to_const_ref_overload_return<IValue> {
  using type = const IValue&;
};

} // namespace detail
} // namespace c10
