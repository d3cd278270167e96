// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// What a specialised kernel may assume about its arguments (seed 004): per
// tensor argument whether it is defined, its dtype, device, number of
// dimensions and requires-grad flag; per optional argument whether it is
// present or None. Hashable and comparable, so that a cache can map a spec to
// the kernel variant compiled for it (ATen/core/dispatch/SpecializationCache.h).

#include <ATen/core/function_schema.h>
#include <ATen/core/ivalue.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>
#include <c10/util/ArrayRef.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace torch {
namespace jit {

struct TensorSpec {
  bool defined = false;
  bool requires_grad = false;
  c10::ScalarType dtype = c10::ScalarType::Undefined;
  c10::Device device = c10::Device(c10::DeviceType::CPU);
  int dim = 0;
};

class ArgumentSpec final {
 public:
  // How one argument is specialised, from its schema type.
  enum class ArgKind : std::uint8_t {
    Unspecialized, // not part of the spec
    Tensor,        // Tensor: defined, dtype, device, dim, requires_grad
    OptionalTensor, // Tensor?: present or None, and if present as Tensor
    Optional,      // any other T?: present or None
  };

  // The spec of the schema's arguments, which are `args` (stack order).
  static ArgumentSpec fromStack(const c10::FunctionSchema& schema, c10::ArrayRef<c10::IValue> args);

  std::size_t size() const { return codes_.size(); }
  ArgKind kind(std::size_t i) const;
  // Present (not None) for optionals; defined for tensors; true otherwise.
  bool isPresent(std::size_t i) const;
  // The tensor facts of a Tensor or present Tensor? argument.
  TensorSpec tensorAt(std::size_t i) const;

  std::size_t hashCode() const { return hash_; }
  friend bool operator==(const ArgumentSpec& a, const ArgumentSpec& b) {
    return a.hash_ == b.hash_ && a.codes_ == b.codes_;
  }
  friend bool operator!=(const ArgumentSpec& a, const ArgumentSpec& b) { return !(a == b); }

  std::string str() const;

 private:
  ArgumentSpec() = default;
  std::vector<std::uint64_t> codes_;
  std::size_t hash_ = 0;
};

std::ostream& operator<<(std::ostream& out, const ArgumentSpec& spec);

} // namespace jit
} // namespace torch

namespace std {
template <>
struct hash<torch::jit::ArgumentSpec> {
  size_t operator()(const torch::jit::ArgumentSpec& spec) const noexcept { return spec.hashCode(); }
};
} // namespace std
