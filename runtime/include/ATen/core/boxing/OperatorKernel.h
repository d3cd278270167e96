// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

namespace c10 {

// Base of kernel functors: a kernel with state (a lambda's captures, a
// specialisation cache) is an OperatorKernel that the registration owns.
struct OperatorKernel {
  OperatorKernel() = default;
  OperatorKernel(const OperatorKernel&) = default;
  OperatorKernel(OperatorKernel&&) = default;
  OperatorKernel& operator=(const OperatorKernel&) = default;
  OperatorKernel& operator=(OperatorKernel&&) = default;
  virtual ~OperatorKernel() = default;
};

} // namespace c10
