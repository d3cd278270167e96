// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// A function pointer carried in a type, so that a kernel given as
// TORCH_FN(f) is called directly (no indirection through a stored pointer)
// by the wrappers the registration API generates for it.

#include <type_traits>

namespace c10 {

template <class FuncType_, FuncType_* func_ptr_>
struct CompileTimeFunctionPointer final {
  static_assert(std::is_function<FuncType_>::value, "TORCH_FN can only wrap a function");
  using FuncType = FuncType_;
  static constexpr FuncType* func_ptr() { return func_ptr_; }
};

template <class T>
struct is_compile_time_function_pointer : std::false_type {};
template <class FuncType, FuncType* func_ptr>
struct is_compile_time_function_pointer<CompileTimeFunctionPointer<FuncType, func_ptr>> : std::true_type {};

} // namespace c10

#define TORCH_FN_TYPE(func) \
  ::c10::CompileTimeFunctionPointer<std::remove_pointer_t<std::remove_reference_t<decltype(func)>>, func>
#define TORCH_FN(func) TORCH_FN_TYPE(func)()
