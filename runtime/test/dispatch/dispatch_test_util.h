// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <ATen/core/boxing/KernelFunction.h>
#include <ATen/core/op_registration/op_registration.h>
#include <c10/util/Exception.h>

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <utility>

// Runs `f`, which must throw c10::Error, and checks that the message holds
// every one of `parts`.
template <class F>
void expectErrorWith(F&& f, std::initializer_list<const char*> parts) {
  try {
    f();
  } catch (const c10::Error& e) {
    for (const char* part : parts) {
      EXPECT_NE(e.msg().find(part), std::string::npos) << "missing \"" << part << "\" in: " << e.msg();
    }
    return;
  }
  ADD_FAILURE() << "expected a c10::Error";
}

// Registers `schema` with `kernel` (a boxed KernelFunction) as its CPU kernel,
// for as long as the returned registration lives.
inline c10::RegisterOperators registerBoxedKernel(const char* schema, c10::KernelFunction kernel) {
  return c10::RegisterOperators().op(
      schema, c10::RegisterOperators::options().kernel(c10::DispatchKey::CPU, std::move(kernel)));
}
