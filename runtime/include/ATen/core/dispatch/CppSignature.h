// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// The C++ signature of a kernel or of a typed call, as a comparable value:
// two signatures are equal when their function types are the same after
// reducing a functor to its operator()'s type.

#include <ATen/core/boxing/impl/function_traits.h>

#include <string>
#include <typeindex>
#include <typeinfo>

namespace c10 {
namespace impl {

std::string demangle(const char* mangled);

class CppSignature final {
 public:
  CppSignature(const CppSignature&) = default;
  CppSignature(CppSignature&&) noexcept = default;
  CppSignature& operator=(const CppSignature&) = default;
  CppSignature& operator=(CppSignature&&) noexcept = default;
  ~CppSignature() = default;

  // A function type, function pointer or functor.
  template <class FuncType>
  static CppSignature make() {
    using Decayed = typename guts::infer_function_traits_t<FuncType>::func_type;
    return CppSignature(typeid(Decayed));
  }

  std::string name() const { return demangle(signature_.name()); }

  friend bool operator==(const CppSignature& lhs, const CppSignature& rhs) {
    return lhs.signature_ == rhs.signature_;
  }
  friend bool operator!=(const CppSignature& lhs, const CppSignature& rhs) { return !(lhs == rhs); }

 private:
  explicit CppSignature(std::type_index signature) : signature_(signature) {}
  std::type_index signature_;
};

} // namespace impl
} // namespace c10
