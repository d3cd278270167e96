// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// The boxed calling convention's stack: arguments are pushed in schema order,
// an operator pops them and pushes its results (docs/runtime-dispatch.md).
// Names and semantics follow libtorch's ATen/core/stack.h.

#include <ATen/core/ivalue.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace torch {
namespace jit {

using c10::IValue;
using Stack = std::vector<c10::IValue>;

namespace detail {
[[noreturn]] C10_NOINLINE inline void stackUnderflow(const char* what, size_t wanted, size_t size) {
  throw c10::Error(c10::str(what, ": needs ", wanted, " value(s) but the stack holds ", size), __FILE__,
                   static_cast<std::uint32_t>(__LINE__), what);
}
} // namespace detail

// The i-th of the top N values (0 = the deepest of them).
inline IValue& peek(Stack& stack, size_t i, size_t N) {
  if (C10_UNLIKELY(N > stack.size() || i >= N)) {
    detail::stackUnderflow("peek", N, stack.size());
  }
  return *(stack.end() - static_cast<std::ptrdiff_t>(N - i));
}
inline IValue& peek(Stack* stack, size_t i, size_t N) {
  return peek(*stack, i, N);
}
inline const IValue& peek(const Stack& stack, size_t i, size_t N) {
  if (C10_UNLIKELY(N > stack.size() || i >= N)) {
    detail::stackUnderflow("peek", N, stack.size());
  }
  return *(stack.end() - static_cast<std::ptrdiff_t>(N - i));
}

// The top N values, deepest first; valid until the stack changes.
inline c10::ArrayRef<IValue> last(const Stack& stack, size_t N) {
  if (C10_UNLIKELY(N > stack.size())) {
    detail::stackUnderflow("last", N, stack.size());
  }
  return c10::ArrayRef<IValue>(stack.data() + (stack.size() - N), N);
}
inline c10::ArrayRef<IValue> last(const Stack* stack, size_t N) {
  return last(*stack, N);
}

inline void drop(Stack& stack, size_t n) {
  if (C10_UNLIKELY(n > stack.size())) {
    detail::stackUnderflow("drop", n, stack.size());
  }
  stack.erase(stack.end() - static_cast<std::ptrdiff_t>(n), stack.end());
}
inline void drop(Stack* stack, size_t n) {
  drop(*stack, n);
}

inline IValue pop(Stack& stack) {
  if (C10_UNLIKELY(stack.empty())) {
    detail::stackUnderflow("pop", 1, 0);
  }
  IValue r = std::move(stack.back());
  stack.pop_back();
  return r;
}
inline IValue pop(Stack* stack) {
  return pop(*stack);
}

// The top n values, deepest first, moved out of the stack.
inline std::vector<IValue> pop(Stack& stack, size_t n) {
  if (C10_UNLIKELY(n > stack.size())) {
    detail::stackUnderflow("pop", n, stack.size());
  }
  const auto first = stack.end() - static_cast<std::ptrdiff_t>(n);
  std::vector<IValue> result(std::make_move_iterator(first), std::make_move_iterator(stack.end()));
  stack.erase(first, stack.end());
  return result;
}

// Pops the top sizeof...(Types) values into `args`, converted with to<T>();
// the deepest of them goes to the first argument: pop(stack, a, b) after
// push(stack, a, b). Not for const arguments, which could not be assigned:
// pop(stack, constCount) is pop(stack, size_t n).
template <typename... Types, std::enable_if_t<(!std::is_const<Types>::value && ...), int> = 0>
inline void pop(Stack& stack, Types&... args) {
  constexpr size_t N = sizeof...(args);
  if (C10_UNLIKELY(N > stack.size())) {
    detail::stackUnderflow("pop", N, stack.size());
  }
  size_t i = 0;
  ((args = std::move(peek(stack, i++, N)).template to<Types>()), ...);
  drop(stack, N);
}
template <typename... Types, std::enable_if_t<(!std::is_const<Types>::value && ...), int> = 0>
inline void pop(Stack* stack, Types&... args) {
  pop(*stack, args...);
}

template <typename Type>
inline void push_one(Stack& stack, Type&& arg) {
  stack.emplace_back(std::forward<Type>(arg));
}

template <typename... Types>
inline void push(Stack& stack, Types&&... args) {
  (push_one(stack, std::forward<Types>(args)), ...);
}
template <typename... Types>
inline void push(Stack* stack, Types&&... args) {
  push(*stack, std::forward<Types>(args)...);
}

} // namespace jit
} // namespace torch
