// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// libtorch's torch::Library registration API (TORCH_LIBRARY's object), for
// code that makes libraries at run time:
//
//   auto m = MAKE_TORCH_LIBRARY(myops);
//   m.def("add(Tensor self, Tensor other) -> Tensor");
//   m.impl("add", c10::DispatchKey::CPU, TORCH_FN(addKernel));
//   auto f = MAKE_TORCH_LIBRARY_IMPL(_, TESTING_ONLY_GenericWrapper);
//   f.fallback(torch::CppFunction::makeFromBoxedFunction<&wrapper>());
//
// Everything a Library registered is undone when it is destroyed. A name
// without a namespace gets the library's; a kernel without a key gets the
// library's key (MAKE_TORCH_LIBRARY_IMPL) or is the catch-all
// (CompositeImplicitAutograd).

#include <ATen/core/boxing/KernelFunction.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <c10/core/CompileTimeFunctionPointer.h>
#include <c10/core/Device.h>
#include <c10/util/Optional.h>
#include <torch/csrc/jit/frontend/function_schema_parser.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace torch {

// A kernel, and optionally the key it is for (torch::dispatch(key, f)).
class CppFunction final {
 public:
  // A function pointer known at run time.
  template <class Func, std::enable_if_t<std::is_function<Func>::value, int> = 0>
  explicit CppFunction(Func* f) : kernel_(c10::KernelFunction::makeFromUnboxedRuntimeFunction(f)) {}
  // TORCH_FN(f): the function is part of the kernel's type.
  template <class FuncType, FuncType* fn>
  explicit CppFunction(c10::CompileTimeFunctionPointer<FuncType, fn> f)
      : kernel_(c10::KernelFunction::makeFromUnboxedFunction(f)) {}
  // A lambda (stateless or capturing).
  template <class Lambda,
            std::enable_if_t<std::is_class<std::decay_t<Lambda>>::value &&
                                 !std::is_same<std::decay_t<Lambda>, CppFunction>::value &&
                                 !c10::is_compile_time_function_pointer<std::decay_t<Lambda>>::value,
                             int> = 0>
  explicit CppFunction(Lambda&& f) : kernel_(c10::KernelFunction::makeFromUnboxedLambda(std::forward<Lambda>(f))) {}

  // The dispatcher skips this kernel's key and goes on below it.
  static CppFunction makeFallthrough() {
    return CppFunction(c10::KernelFunction::makeFallthrough());
  }
  template <class Func, std::enable_if_t<std::is_function<Func>::value, int> = 0>
  static CppFunction makeFromUnboxedFunction(Func* f) {
    return CppFunction(f);
  }
  template <class FuncType, FuncType* fn>
  static CppFunction makeFromUnboxedFunction(c10::CompileTimeFunctionPointer<FuncType, fn> f) {
    return CppFunction(f);
  }

  template <c10::KernelFunction::BoxedKernelFunction* f>
  static CppFunction makeFromBoxedFunction() {
    return CppFunction(c10::KernelFunction::makeFromBoxedFunction<f>());
  }
  template <c10::KernelFunction::BoxedKernelFunction_withDispatchKeys* f>
  static CppFunction makeFromBoxedFunction() {
    return CppFunction(c10::KernelFunction::makeFromBoxedFunction<f>());
  }

  CppFunction(CppFunction&&) noexcept = default;
  CppFunction& operator=(CppFunction&&) noexcept = default;
  CppFunction(const CppFunction&) = delete;
  CppFunction& operator=(const CppFunction&) = delete;
  ~CppFunction() = default;

 private:
  friend class Library;
  template <class Func>
  friend CppFunction dispatch(c10::DispatchKey key, Func&& raw_f);

  explicit CppFunction(c10::KernelFunction kernel) : kernel_(std::move(kernel)) {}

  c10::KernelFunction kernel_;
  c10::optional<c10::DispatchKey> dispatch_key_;
};

// `f` registered for `key` only (CatchAll: for no key in particular).
template <class Func>
CppFunction dispatch(c10::DispatchKey key, Func&& raw_f) {
  CppFunction f(std::forward<Func>(raw_f));
  if (key != c10::DispatchKey::CatchAll) {
    f.dispatch_key_ = key;
  }
  return f;
}

// The dispatch key of a device type's tensors.
inline c10::DispatchKey dispatchKeyOf(c10::DeviceType t) {
  switch (t) {
    case c10::DeviceType::CPU:
      return c10::DispatchKey::CPU;
    case c10::DeviceType::CUDA:
      return c10::DispatchKey::CUDA;
    case c10::DeviceType::FPGA:
      return c10::DispatchKey::FPGA;
    case c10::DeviceType::XLA:
      return c10::DispatchKey::XLA;
    case c10::DeviceType::Meta:
      return c10::DispatchKey::Meta;
    case c10::DeviceType::Lazy:
      return c10::DispatchKey::Lazy;
    case c10::DeviceType::PrivateUse1:
      return c10::DispatchKey::PrivateUse1;
  }
  TORCH_CHECK(false, "dispatch(): no dispatch key for device type ", t);
  return c10::DispatchKey::Undefined;
}

template <class Func>
CppFunction dispatch(c10::DeviceType type, Func&& raw_f) {
  return dispatch(dispatchKeyOf(type), std::forward<Func>(raw_f));
}

// A schema with the alias analysis kind the compiler is to use (def()
// of a string uses FROM_SCHEMA, as libtorch does).
inline c10::FunctionSchema schema(const std::string& str, c10::AliasAnalysisKind k) {
  c10::FunctionSchema s = torch::jit::parseSchema(str);
  s.setAliasAnalysis(k);
  return s;
}
inline c10::FunctionSchema schema(const std::string& str) {
  return schema(str, c10::AliasAnalysisKind::FROM_SCHEMA);
}

class Library final {
 public:
  enum Kind : std::uint8_t { DEF, IMPL, FRAGMENT };

  // A DEF library owns its namespace: a second one for the same namespace
  // is an error while the first lives. Key CatchAll is no key.
  Library(Kind kind, std::string ns, c10::optional<c10::DispatchKey> key, const char* file, std::uint32_t line)
      : kind_(kind), ns_(std::move(ns)), key_(key == c10::DispatchKey::CatchAll ? c10::nullopt : key), file_(file),
        line_(line) {
    if (kind_ == DEF) {
      registrars_.push_back(c10::Dispatcher::singleton().registerLibrary(
          ns_, std::string(file_) + ":" + std::to_string(line_)));
    }
  }
  Library(Library&&) noexcept = default;
  Library& operator=(Library&&) noexcept = default;
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;
  ~Library() {
    // Kernels go before the schemas they were registered under.
    while (!registrars_.empty()) {
      registrars_.pop_back();
    }
  }

  // A schema, with or without the library's namespace.
  Library& def(const std::string& schema) & {
    checkMayDefine(schema);
    return def(torch::schema(qualified(schema)));
  }
  Library& def(c10::FunctionSchema schema) & {
    checkMayDefine(schema.name());
    if (!schema.setNamespaceIfNotSet(ns_.c_str())) {
      qualified(schema.name());
    }
    registrars_.push_back(c10::Dispatcher::singleton().registerDef(std::move(schema)));
    return *this;
  }
  // A schema, or a name whose schema is inferred from the kernel's C++
  // signature, and its kernel (catch-all unless given with torch::dispatch).
  template <class Func>
  Library& def(const std::string& nameOrSchema, Func&& raw_f) & {
    CppFunction f = toCppFunction(std::forward<Func>(raw_f));
    std::string schema = nameOrSchema;
    if (schema.find('(') == std::string::npos) {
      c10::KernelFunction::InferSchema* infer = f.kernel_.inferSchema();
      TORCH_CHECK(infer != nullptr, "def(\"", nameOrSchema, "\"): cannot infer the schema of this kind of kernel; "
                  "give the schema explicitly");
      schema += infer();
    }
    def(schema);
    const std::string name = schema.substr(0, schema.find('('));
    return impl(name, std::move(f));
  }

  // A kernel for the operator `name` ("op" or "op.overload").
  template <class Func>
  Library& impl(const std::string& name, Func&& raw_f) & {
    CppFunction f = toCppFunction(std::forward<Func>(raw_f));
    const c10::DispatchKey key = f.dispatch_key_.has_value() ? *f.dispatch_key_
                                 : key_.has_value()           ? *key_
                                                              : c10::DispatchKey::CompositeImplicitAutograd;
    registrars_.push_back(c10::Dispatcher::singleton().registerImpl(operatorName(name), key, std::move(f.kernel_)));
    return *this;
  }
  template <class Func>
  Library& impl(const std::string& name, c10::DispatchKey key, Func&& f) & {
    return impl(name, dispatch(key, std::forward<Func>(f)));
  }
  template <class Func>
  Library& impl(const std::string& name, c10::DeviceType type, Func&& f) & {
    return impl(name, dispatch(type, std::forward<Func>(f)));
  }

  // A boxed kernel every operator runs at the library's key
  // (MAKE_TORCH_LIBRARY_IMPL(_, Key)).
  Library& fallback(CppFunction&& f) & {
    TORCH_CHECK(kind_ == IMPL && key_.has_value() && ns_ == "_", "fallback(): only a library made with "
                "MAKE_TORCH_LIBRARY_IMPL(_, Key) registers fallbacks (", file_, ":", line_, ")");
    const c10::DispatchKey key = f.dispatch_key_.has_value() ? *f.dispatch_key_ : *key_;
    registrars_.push_back(c10::Dispatcher::singleton().registerFallback(key, std::move(f.kernel_)));
    return *this;
  }

 private:
  template <class Func>
  static CppFunction toCppFunction(Func&& f) {
    if constexpr (std::is_same<std::decay_t<Func>, CppFunction>::value) {
      return std::forward<Func>(f);
    } else {
      return CppFunction(std::forward<Func>(f));
    }
  }

  void checkMayDefine(const std::string& what) const {
    TORCH_CHECK(kind_ != IMPL, "def(\"", what, "\"): a library made with MAKE_TORCH_LIBRARY_IMPL (", file_, ":",
                line_, ") cannot define operators");
  }

  std::string qualified(const std::string& name) const {
    const std::size_t sep = name.find("::");
    const std::size_t paren = name.find('(');
    if (sep != std::string::npos && (paren == std::string::npos || sep < paren)) {
      TORCH_CHECK(name.compare(0, sep, ns_) == 0, "Explicitly provided namespace (", name.substr(0, sep),
                  ") in schema string does not match namespace of enclosing TORCH_LIBRARY block (", ns_, ")");
      return name;
    }
    return ns_ + "::" + name;
  }
  c10::OperatorName operatorName(const std::string& name) const {
    const std::string full = qualified(name);
    const std::size_t dot = full.find('.');
    if (dot == std::string::npos) {
      return c10::OperatorName(full, "");
    }
    return c10::OperatorName(full.substr(0, dot), full.substr(dot + 1));
  }

  Kind kind_;
  std::string ns_;
  c10::optional<c10::DispatchKey> key_;
  const char* file_;
  std::uint32_t line_;
  std::vector<c10::RegistrationHandleRAII> registrars_;
};

} // namespace torch

// A library object (not a static registration as TORCH_LIBRARY is): its
// registrations last as long as it does.
#define MAKE_TORCH_LIBRARY(ns) \
  ::torch::Library(::torch::Library::DEF, #ns, ::c10::nullopt, __FILE__, __LINE__)
#define MAKE_TORCH_LIBRARY_IMPL(ns, k) \
  ::torch::Library(::torch::Library::IMPL, #ns, ::c10::make_optional(::c10::DispatchKey::k), __FILE__, __LINE__)
