// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <tuple>
#include <type_traits>

namespace c10 {
namespace guts {

template <class... T>
struct typelist {
  static constexpr std::size_t size = sizeof...(T);
};

// Return type and parameter types of a function type, function pointer,
// member function pointer or functor (through its operator()).
template <class F>
struct function_traits;

template <class R, class... P>
struct function_traits<R(P...)> {
  using return_type = R;
  using parameter_types = typelist<P...>;
  using func_type = R(P...);
  static constexpr std::size_t number_of_parameters = sizeof...(P);
};
template <class R, class... P>
struct function_traits<R (*)(P...)> : function_traits<R(P...)> {};
template <class C, class R, class... P>
struct function_traits<R (C::*)(P...)> : function_traits<R(P...)> {};
template <class C, class R, class... P>
struct function_traits<R (C::*)(P...) const> : function_traits<R(P...)> {};

template <class F, class = void>
struct infer_function_traits {
  using type = function_traits<decltype(&std::decay_t<F>::operator())>;
};
template <class F>
struct infer_function_traits<F, std::enable_if_t<std::is_function<std::remove_pointer_t<std::decay_t<F>>>::value>> {
  using type = function_traits<std::remove_pointer_t<std::decay_t<F>>>;
};
template <class F>
using infer_function_traits_t = typename infer_function_traits<F>::type;

} // namespace guts
} // namespace c10
