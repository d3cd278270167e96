// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Registering operators, libtorch's c10::RegisterOperators API:
//
//   static auto registry = c10::RegisterOperators()
//       .op("myops::add(Tensor self, Tensor other, Scalar alpha=1) -> Tensor", &add)   // function
//       .op("myops::relu(Tensor self) -> Tensor", [](const at::Tensor& t) { ... })    // lambda
//       .op("myops::mul(Tensor a, Tensor b) -> Tensor",
//           c10::RegisterOperators::options().kernel<MulFunctor>(c10::DispatchKey::CPU, ctorArgs...));
//
// Each registration is undone when the RegisterOperators object is destroyed.
// Kernels given without a key (catch-all) are registered for
// CompositeImplicitAutograd: they serve every backend and calls without tensors. Unboxed kernels are checked against the schema at registration.

#include <ATen/core/boxing/KernelFunction.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/op_registration/infer_schema.h>
#include <ATen/core/op_registration/library.h>
#include <torch/csrc/jit/frontend/function_schema_parser.h>

#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace c10 {

class RegisterOperators final {
 public:
  class Options final {
   public:
    Options() = default;
    Options(Options&&) noexcept = default;
    Options& operator=(Options&&) noexcept = default;
    Options(const Options&) = delete;
    Options& operator=(const Options&) = delete;
    ~Options() = default;

    Options&& schema(std::string s) && {
      schema_ = std::move(s);
      return std::move(*this);
    }

    // A functor deriving from OperatorKernel, constructed from `args`.
    template <class KernelFunctor, class... ConstructorArgs>
    Options&& kernel(DispatchKey key, ConstructorArgs&&... args) && {
      static_assert(std::is_base_of<OperatorKernel, KernelFunctor>::value,
                    "kernel<Functor>(): the functor must derive from c10::OperatorKernel");
      return std::move(*this).addKernel(
          key, KernelFunction::makeFromUnboxedFunctor(
                   std::make_unique<KernelFunctor>(std::forward<ConstructorArgs>(args)...)));
    }
    // A function known at compile time: kernel<decltype(fn), &fn>(key), no
    // indirection beyond the dispatcher's own call.
    template <class FuncType, FuncType* kernel_func>
    Options&& kernel(DispatchKey key) && {
      return std::move(*this).addKernel(key, KernelFunction::makeFromUnboxedFunction<kernel_func>());
    }
    // A boxed function (const OperatorHandle&, Stack*): kernel<&fn>(key).
    template <KernelFunction::BoxedKernelFunction* kernel_func>
    Options&& kernel(DispatchKey key) && {
      return std::move(*this).addKernel(key, KernelFunction::makeFromBoxedFunction<kernel_func>());
    }
    template <KernelFunction::BoxedKernelFunction* kernel_func>
    Options&& catchAllKernel() && {
      return std::move(*this).addKernel(c10::nullopt, KernelFunction::makeFromBoxedFunction<kernel_func>());
    }
    // A function pointer, a lambda, or a KernelFunction (boxed kernels).
    template <class Callable>
    Options&& kernel(DispatchKey key, Callable&& callable) && {
      return std::move(*this).addKernel(key, makeKernel(std::forward<Callable>(callable)));
    }
    // Catch-all kernels (no key) serve every key without a kernel of its own
    // (they are registered for CompositeImplicitAutograd).
    template <class KernelFunctor, class... ConstructorArgs>
    Options&& catchAllKernel(ConstructorArgs&&... args) && {
      static_assert(std::is_base_of<OperatorKernel, KernelFunctor>::value,
                    "kernel<Functor>(): the functor must derive from c10::OperatorKernel");
      return std::move(*this).addKernel(
          c10::nullopt, KernelFunction::makeFromUnboxedFunctor(
                            std::make_unique<KernelFunctor>(std::forward<ConstructorArgs>(args)...)));
    }
    template <class FuncType, FuncType* kernel_func>
    Options&& catchAllKernel() && {
      return std::move(*this).addKernel(c10::nullopt, KernelFunction::makeFromUnboxedFunction<kernel_func>());
    }
    template <class Callable>
    Options&& catchAllKernel(Callable&& callable) && {
      return std::move(*this).addKernel(c10::nullopt, makeKernel(std::forward<Callable>(callable)));
    }

   private:
    friend class RegisterOperators;
    struct KernelEntry {
      c10::optional<DispatchKey> key; // nullopt: the catch-all kernel
      KernelFunction kernel;
    };

    Options&& addKernel(c10::optional<DispatchKey> key, KernelFunction kernel) && {
      if (key == DispatchKey::CatchAll) {
        key = c10::nullopt;
      }
      kernels_.push_back({key, std::move(kernel)});
      return std::move(*this);
    }

    template <class Callable>
    static KernelFunction makeKernel(Callable&& callable) {
      using D = std::decay_t<Callable>;
      if constexpr (std::is_same<D, KernelFunction>::value) {
        return std::forward<Callable>(callable);
      } else if constexpr (std::is_pointer<D>::value) {
        return KernelFunction::makeFromUnboxedRuntimeFunction(callable);
      } else if constexpr (std::is_function<D>::value) {
        return KernelFunction::makeFromUnboxedRuntimeFunction(&callable);
      } else {
        return KernelFunction::makeFromUnboxedLambda(std::forward<Callable>(callable));
      }
    }

    std::string schema_;
    std::vector<KernelEntry> kernels_;
  };

  RegisterOperators() = default;
  RegisterOperators(RegisterOperators&&) noexcept = default;
  RegisterOperators& operator=(RegisterOperators&&) noexcept = default;
  RegisterOperators(const RegisterOperators&) = delete;
  RegisterOperators& operator=(const RegisterOperators&) = delete;
  ~RegisterOperators() {
    // Kernels go before the schema they were registered under.
    while (!registrars_.empty()) {
      registrars_.pop_back();
    }
  }

  // The legacy shorthand: RegisterOperators("ns::op(...) -> ...", kernel).
  template <class Callable, std::enable_if_t<!std::is_same<std::decay_t<Callable>, Options>::value, int> = 0>
  RegisterOperators(const std::string& schema, Callable&& callable) {
    registerOp(options().schema(schema).catchAllKernel(std::forward<Callable>(callable)));
  }
  RegisterOperators(const std::string& schema, Options&& options) {
    registerOp(std::move(options).schema(schema));
  }

  static Options options() {
    return Options();
  }

  // A schema without kernels.
  RegisterOperators&& op(const std::string& schema) && {
    registerOp(options().schema(schema));
    return std::move(*this);
  }
  RegisterOperators&& op(Options&& options) && {
    registerOp(std::move(options));
    return std::move(*this);
  }
  RegisterOperators&& op(const std::string& schema, Options&& options) && {
    registerOp(std::move(options).schema(schema));
    return std::move(*this);
  }
  // A function pointer, lambda or KernelFunction as the catch-all kernel.
  template <class Callable, std::enable_if_t<!std::is_same<std::decay_t<Callable>, Options>::value, int> = 0>
  RegisterOperators&& op(const std::string& schema, Callable&& callable) && {
    registerOp(options().schema(schema).catchAllKernel(std::forward<Callable>(callable)));
    return std::move(*this);
  }

 private:
  void registerOp(Options&& options) {
    TORCH_CHECK(!options.schema_.empty(), "In operator registration: Tried to register an operator without "
                "specifying a schema or operator name.");
    // A name alone: the schema is inferred from the first kernel's C++
    // signature (argument names _0, _1, ...), as libtorch does.
    if (options.schema_.find('(') == std::string::npos) {
      TORCH_CHECK(!options.kernels_.empty(), "Cannot infer operator schema in registration of operator ",
                  options.schema_, " because there is no kernel specified.");
      // The first kernel that has a C++ signature (boxed ones have none).
      KernelFunction::InferSchema* infer = nullptr;
      for (const Options::KernelEntry& k : options.kernels_) {
        if (infer == nullptr) {
          infer = k.kernel.inferSchema();
        }
      }
      TORCH_CHECK(infer != nullptr, "Cannot infer operator schema for this kind of kernel in registration of operator ",
                  options.schema_, ". Please explicitly specify the operator schema or specify at least one kernel "
                  "for which we can infer the schema.");
      options.schema_ += infer();
    }
    FunctionSchema schema = torch::jit::parseSchema(options.schema_);
    const OperatorName name = schema.operator_name();
    // One kernel per key, and one catch-all, per registration call.
    for (std::size_t i = 0; i < options.kernels_.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        const c10::optional<DispatchKey>& key = options.kernels_[i].key;
        if (key != options.kernels_[j].key) {
          continue;
        }
        TORCH_CHECK(key.has_value(), "In operator registration: Tried to register multiple catch-all kernels for "
                    "operator schema ", toString(name));
        TORCH_CHECK(false, "In operator registration: Tried to register multiple kernels with same dispatch key ",
                    *key, " for operator schema ", toString(name));
      }
    }
    Dispatcher& dispatcher = Dispatcher::singleton();
    registrars_.push_back(dispatcher.registerDef(std::move(schema)));
    for (Options::KernelEntry& k : options.kernels_) {
      registrars_.push_back(dispatcher.registerImpl(name, k.key.value_or(DispatchKey::CompositeImplicitAutograd),
                                                    std::move(k.kernel)));
    }
  }

  std::vector<RegistrationHandleRAII> registrars_;
};

} // namespace c10

namespace torch {
using c10::RegisterOperators;
} // namespace torch
