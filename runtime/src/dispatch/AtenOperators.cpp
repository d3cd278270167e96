// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "AtenOperators.h"

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/jit/frontend/function_schema_parser.h>

#include <vector>

namespace c10 {
namespace impl {
namespace {

at::Tensor addTensor(const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  return at::add(self, other, alpha);
}
at::Tensor subTensor(const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  return at::sub(self, other, alpha);
}
at::Tensor mulTensor(const at::Tensor& self, const at::Tensor& other) {
  return at::cpu::mul(self, other);
}
at::Tensor divTensor(const at::Tensor& self, const at::Tensor& other) {
  return at::div(self, other);
}
at::Tensor matmul(const at::Tensor& self, const at::Tensor& other) {
  return at::matmul(self, other);
}
at::TensorOptions optionsOf(c10::optional<c10::ScalarType> dtype) {
  return at::TensorOptions().dtype(dtype);
}
at::Tensor ones(c10::IntArrayRef size, c10::optional<c10::ScalarType> dtype) {
  return at::cpu::ones(size, optionsOf(dtype));
}
at::Tensor zeros(c10::IntArrayRef size, c10::optional<c10::ScalarType> dtype) {
  return at::cpu::zeros(size, optionsOf(dtype));
}

using FactorySignature = at::Tensor(c10::IntArrayRef, c10::optional<c10::ScalarType>);
using BatchNormSignature = at::Tensor(const at::Tensor&, const c10::optional<at::Tensor>&,
                                      const c10::optional<at::Tensor>&, const c10::optional<at::Tensor>&,
                                      const c10::optional<at::Tensor>&, bool, double, double, bool);

// The typed handle of one of these operators, looked up once.
template <class Signature>
c10::TypedOperatorHandle<Signature> handle(const char* name, const char* overload) {
  return c10::Dispatcher::singleton().findSchemaOrThrow(name, overload).typed<Signature>();
}

} // namespace

void registerAtenOperators(Dispatcher& dispatcher) {
  // Never destroyed: the operators live as long as the process's dispatcher
  // (a function-local static), and calls may come from other statics'
  // destructors. Held by a static so that leak checkers see it reachable.
  static auto* const handles = new std::vector<RegistrationHandleRAII>();
  const auto define = [&](const char* schema, KernelFunction cpu) {
    FunctionSchema parsed = torch::jit::parseSchema(schema);
    const OperatorName name = parsed.operator_name();
    handles->push_back(dispatcher.registerDef(std::move(parsed)));
    handles->push_back(dispatcher.registerImpl(name, DispatchKey::CPU, std::move(cpu)));
  };
  define("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
         KernelFunction::makeFromUnboxedFunction<&addTensor>());
  define("aten::sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
         KernelFunction::makeFromUnboxedFunction<&subTensor>());
  define("aten::mul.Tensor(Tensor self, Tensor other) -> Tensor", KernelFunction::makeFromUnboxedFunction<&mulTensor>());
  define("aten::div.Tensor(Tensor self, Tensor other) -> Tensor", KernelFunction::makeFromUnboxedFunction<&divTensor>());
  define("aten::matmul(Tensor self, Tensor other) -> Tensor", KernelFunction::makeFromUnboxedFunction<&matmul>());
  // As in libtorch: the factories for every backend, batch_norm a
  // composite of the backends' kernels (here one CPU kernel).
  const auto defineAt = [&](const char* schema, DispatchKey key, KernelFunction kernel) {
    FunctionSchema parsed = torch::jit::parseSchema(schema);
    const OperatorName name = parsed.operator_name();
    handles->push_back(dispatcher.registerDef(std::move(parsed)));
    handles->push_back(dispatcher.registerImpl(name, key, std::move(kernel)));
  };
  defineAt("aten::ones(int[] size, *, ScalarType? dtype=None) -> Tensor", DispatchKey::CompositeExplicitAutograd,
           KernelFunction::makeFromUnboxedFunction<&ones>());
  defineAt("aten::zeros(int[] size, *, ScalarType? dtype=None) -> Tensor", DispatchKey::CompositeExplicitAutograd,
           KernelFunction::makeFromUnboxedFunction<&zeros>());
  defineAt("aten::batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, "
           "Tensor? running_var, bool training, float momentum, float eps, bool cudnn_enabled) -> Tensor",
           DispatchKey::CompositeImplicitAutograd, KernelFunction::makeFromUnboxedFunction<&at::cpu::batch_norm>());
}

} // namespace impl
} // namespace c10

namespace at {

Tensor ones(IntArrayRef size, TensorOptions options) {
  static const auto op = c10::impl::handle<c10::impl::FactorySignature>("aten::ones", "");
  return op.call(size, options.has_dtype() ? c10::make_optional(options.scalar_type_or_default()) : c10::nullopt);
}

Tensor zeros(IntArrayRef size, TensorOptions options) {
  static const auto op = c10::impl::handle<c10::impl::FactorySignature>("aten::zeros", "");
  return op.call(size, options.has_dtype() ? c10::make_optional(options.scalar_type_or_default()) : c10::nullopt);
}

Tensor mul(const Tensor& self, const Tensor& other) {
  static const auto op =
      c10::impl::handle<Tensor(const Tensor&, const Tensor&)>("aten::mul", "Tensor");
  return op.call(self, other);
}

Tensor batch_norm(const Tensor& input, const std::optional<Tensor>& weight, const std::optional<Tensor>& bias,
                  const std::optional<Tensor>& running_mean, const std::optional<Tensor>& running_var, bool training,
                  double momentum, double eps, bool cudnn_enabled) {
  static const auto op = c10::impl::handle<c10::impl::BatchNormSignature>("aten::batch_norm", "");
  return op.call(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled);
}

} // namespace at
