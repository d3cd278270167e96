// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// A per-operator cache from ArgumentSpec to a specialised kernel: registered
// as the operator's boxed kernel, it computes the spec of each call's
// arguments, and on a miss asks the specializer for the variant of that spec
// (e.g. one without the `if bias is None` branch when the spec says None).
//
//   auto cache = std::make_unique<c10::impl::SpecializationCache>(specializer);
//   c10::impl::SpecializationCache* stats = cache.get();
//   registry.op(schema, c10::RegisterOperators::options().kernel(
//       c10::DispatchKey::CPU, c10::KernelFunction::makeFromBoxedFunctor(std::move(cache))));

#include <ATen/core/boxing/KernelFunction.h>
#include <ATen/core/boxing/OperatorKernel.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/jit/runtime/argument_spec.h>

#include <cstddef>
#include <functional>
#include <mutex>
#include <unordered_map>
#include <utility>

namespace c10 {
namespace impl {

class SpecializationCache final : public OperatorKernel {
 public:
  // Returns the kernel for a spec; called once per distinct spec.
  using Specializer = std::function<KernelFunction(const torch::jit::ArgumentSpec&)>;

  explicit SpecializationCache(Specializer specializer) : specializer_(std::move(specializer)) {}

  void operator()(const OperatorHandle& op, DispatchKeySet ks, torch::jit::Stack* stack);

  std::size_t hits() const;
  std::size_t misses() const;
  std::size_t size() const;

 private:
  Specializer specializer_;
  mutable std::mutex mutex_;
  std::unordered_map<torch::jit::ArgumentSpec, KernelFunction> variants_;
  std::size_t hits_ = 0;
  std::size_t misses_ = 0;
};

} // namespace impl
} // namespace c10
