// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Helpers for the tensor unit tests: build small tensors from literals, read
// them back as vectors, and expect a c10::Error whose message mentions given
// text.

#include <ATen/ATen.h>

#include <gtest/gtest.h>

#if !defined(C10TIDY_REFERENCE_RUNTIME)
#error "the tensor unit tests build against the reference runtime only"
#endif

#include <string>
#include <vector>

namespace tensor_test {

// A contiguous tensor of `sizes` holding `values` (row-major), of dtype T.
template <typename T>
at::Tensor make(std::vector<T> values, at::IntArrayRef sizes) {
  at::Tensor t = at::empty(sizes, at::TensorOptions(c10::CppTypeToScalarType<T>::value));
  EXPECT_EQ(static_cast<size_t>(t.numel()), values.size());
  T* out = t.data_ptr<T>();
  for (size_t i = 0; i < values.size(); ++i) out[i] = values[i];
  return t;
}

// The elements of t in row-major order, whatever its strides.
template <typename T>
std::vector<T> values(const at::Tensor& t) {
  at::Tensor c = t.contiguous();
  const T* p = c.data_ptr<T>();
  return std::vector<T>(p, p + c.numel());
}

inline std::vector<int64_t> vec(at::IntArrayRef a) {
  return a.vec();
}

} // namespace tensor_test

// EXPECT_C10_ERROR(statement, "text"): statement throws c10::Error and its
// message contains text.
#define EXPECT_C10_ERROR(statement, text)                                                  \
  do {                                                                                     \
    try {                                                                                  \
      statement;                                                                           \
      ADD_FAILURE() << "expected c10::Error from " #statement;                             \
    } catch (const c10::Error& e) {                                                        \
      EXPECT_NE(std::string(e.msg()).find(text), std::string::npos)                        \
          << "message was: " << e.msg();                                                   \
    }                                                                                      \
  } while (false)
