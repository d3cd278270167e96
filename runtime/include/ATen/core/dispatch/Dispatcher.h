// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// The operator registry and the dispatcher (docs/runtime-dispatch.md).
//
//   Dispatcher::singleton().findSchemaOrThrow("myops::add", "")   -> OperatorHandle
//   op.callBoxed(&stack)                                          boxed call
//   op.typed<at::Tensor(const at::Tensor&, const at::Tensor&, const at::Scalar&)>()
//     .call(a, b, alpha)                                          unboxed call
//
// A call's dispatch key set is CPU (the only backend) plus the thread's
// included keys minus its excluded keys (c10/core/impl/LocalDispatchKeySet.h);
// the highest key with a kernel or a boxed fallback wins. A fallback
// re-dispatches below its own key with op.redispatchBoxed().
//
// Registration and deregistration take a mutex; calls take none and must not
// race with (de)registration of the same operator or of a fallback, as in
// libtorch.

#include <ATen/core/boxing/KernelFunction.h>
#include <ATen/core/function_schema.h>
#include <ATen/core/Tensor.h>
#include <ATen/core/stack.h>
#include <c10/core/DispatchKey.h>
#include <c10/core/DispatchKeySet.h>
#include <c10/core/impl/LocalDispatchKeySet.h>
#include <c10/util/Optional.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <unordered_map>
#include <vector>

namespace c10 {

class Dispatcher;
class OperatorHandle;
template <class FuncType>
class TypedOperatorHandle;

namespace impl {

// A call's keys: those of its tensor arguments plus the thread's included
// keys, minus its excluded keys.
inline DispatchKeySet computeDispatchKeySet(DispatchKeySet arguments) {
  const PODLocalDispatchKeySet& tls = raw_local_dispatch_key_set;
  return DispatchKeySet(DispatchKeySet::RAW, (arguments.raw_repr() | tls.included) & ~tls.excluded);
}

// The keys of one argument of a typed call: a tensor's, the union over a
// tensor list, none for anything else.
template <class T>
struct ArgumentKeys {
  static DispatchKeySet of(const T& /*unused*/) { return DispatchKeySet(); }
};
template <>
struct ArgumentKeys<at::Tensor> {
  static DispatchKeySet of(const at::Tensor& t) { return t.key_set(); }
};
template <>
struct ArgumentKeys<c10::optional<at::Tensor>> {
  static DispatchKeySet of(const c10::optional<at::Tensor>& t) {
    return t.has_value() ? t->key_set() : DispatchKeySet();
  }
};
template <class List>
DispatchKeySet tensorListKeys(const List& list) {
  DispatchKeySet ks;
  for (const at::Tensor& t : list) {
    ks = ks | t.key_set();
  }
  return ks;
}
template <>
struct ArgumentKeys<ArrayRef<at::Tensor>> {
  static DispatchKeySet of(ArrayRef<at::Tensor> l) { return tensorListKeys(l); }
};
template <>
struct ArgumentKeys<std::vector<at::Tensor>> {
  static DispatchKeySet of(const std::vector<at::Tensor>& l) { return tensorListKeys(l); }
};
template <class... Args>
DispatchKeySet typedArgumentKeys(const Args&... args) {
  return (DispatchKeySet() | ... | ArgumentKeys<std::decay_t<Args>>::of(args));
}
// The keys of a list argument of a boxed call: the union over its tensors
// if it is a tensor list, none otherwise. Out of line: lists are rare.
DispatchKeySet boxedListKeys(const IValue& list);
// The same over the top `n` values of a boxed call's stack. Inline and over
// pointers, because every boxed call runs it: per slot a load, the tensor
// test and the list tag test.
inline DispatchKeySet boxedArgumentKeys(const torch::jit::Stack& stack, std::size_t n) {
  const IValue* const end = stack.data() + stack.size();
  DispatchKeySet ks;
  for (const IValue* v = end - std::min(n, stack.size()); v != end; ++v) {
    if (v->isTensor()) {
      ks = ks | v->toTensor().key_set();
    } else if (C10_UNLIKELY(v->isList())) {
      ks = ks | boxedListKeys(*v);
    }
  }
  return ks;
}

// One operator: its schema, its kernels per key, and the dispatch table that
// caches, per key, the kernel or backend fallback a call at that key runs.
class OperatorEntry final {
 public:
  explicit OperatorEntry(OperatorName name);

  const OperatorName& operator_name() const { return name_; }
  bool hasSchema() const { return schema_.has_value(); }
  const FunctionSchema& schema() const {
    if (C10_UNLIKELY(!schema_.has_value())) {
      reportNoSchema();
    }
    return *schema_;
  }
  // Cached schema().arguments().size() and returns().size().
  std::size_t numArguments() const { return numArguments_; }
  std::size_t numReturns() const { return numReturns_; }

  // The kernel for the highest key of `ks` that has one; throws if none.
  // With no such key, the kernel for a call without dispatch keys (an
  // operator without tensor arguments): the catch-all (composite) kernel.
  const KernelFunction& lookup(DispatchKeySet ks) const {
    const DispatchKeySet eligible = ks & nonFallthroughKeys_;
    if (C10_UNLIKELY(eligible.empty())) {
      return lookupUndefined(ks);
    }
    if (C10_UNLIKELY(!(eligible & autograd_dispatch_keyset).empty())) {
      return lookupAutograd(ks, eligible);
    }
    return dispatchTable_[static_cast<std::size_t>(eligible.highestPriorityTypeId())];
  }

  // typeid of the unboxed kernels' C++ signature, once one is registered:
  // of those without SymInt types, and of those with (symInt).
  const std::type_info* cppSignature(bool symInt = false) const {
    return symInt ? symCppSignature_ : cppSignature_;
  }
  // Whether a kernel is registered directly at `k` (not through an alias
  // key or a fallback).
  bool hasKernelForDispatchKey(DispatchKey k) const {
    return static_cast<std::size_t>(k) < kNumDispatchKeysWithAliases && !kernels_[static_cast<std::size_t>(k)].empty();
  }
  bool hasAnyKernel() const {
    return std::any_of(kernels_.begin(), kernels_.end(), [](const auto& l) { return !l.empty(); });
  }

  // Appends the defaults of the arguments after the first `numSpecified`
  // (which are the top of the stack); throws naming the first argument
  // without a default.
  void fillDefaults(torch::jit::Stack& stack, std::size_t numSpecified) const;
  // Throws naming the first of the top N slots that is not of its schema type.
  void checkArguments(const torch::jit::Stack& stack) const;

 private:
  friend class c10::Dispatcher;
  friend class c10::OperatorHandle;
  struct KernelRecord {
    KernelFunction kernel;
    std::size_t id;
  };

  const KernelFunction& lookupUndefined(DispatchKeySet ks) const;
  const KernelFunction& lookupAutograd(DispatchKeySet ks, DispatchKeySet eligible) const;
  [[noreturn]] void reportNoKernel(DispatchKeySet ks) const;
  [[noreturn]] void reportNoSchema() const;
  void updateDispatchTable(const std::array<KernelFunction, kNumDispatchKeys>& fallbacks);

  OperatorName name_;
  c10::optional<FunctionSchema> schema_;
  std::size_t numArguments_ = 0;
  std::size_t numReturns_ = 0;
  std::array<KernelFunction, kNumDispatchKeys> dispatchTable_;
  DispatchKeySet nonFallthroughKeys_;
  // Per key, newest first: a later registration overrides, deregistering it
  // restores the previous one.
  std::array<std::list<KernelRecord>, kNumDispatchKeysWithAliases> kernels_;
  const std::type_info* cppSignature_ = nullptr;
  const std::type_info* symCppSignature_ = nullptr;
  std::size_t unboxedKernelCount_ = 0;
  std::size_t symUnboxedKernelCount_ = 0;
};

} // namespace impl

// Undoes a registration when destroyed (movable, not copyable).
class RegistrationHandleRAII final {
 public:
  RegistrationHandleRAII() = default;
  explicit RegistrationHandleRAII(std::function<void()> onDestruction) : onDestruction_(std::move(onDestruction)) {}
  RegistrationHandleRAII(RegistrationHandleRAII&& rhs) noexcept : onDestruction_(std::move(rhs.onDestruction_)) {
    rhs.onDestruction_ = nullptr;
  }
  RegistrationHandleRAII& operator=(RegistrationHandleRAII&& rhs) noexcept {
    if (this != &rhs) {
      release();
      onDestruction_ = std::move(rhs.onDestruction_);
      rhs.onDestruction_ = nullptr;
    }
    return *this;
  }
  RegistrationHandleRAII(const RegistrationHandleRAII&) = delete;
  RegistrationHandleRAII& operator=(const RegistrationHandleRAII&) = delete;
  ~RegistrationHandleRAII() { release(); }

 private:
  void release() {
    if (onDestruction_) {
      std::function<void()> f = std::move(onDestruction_);
      onDestruction_ = nullptr;
      f();
    }
  }
  std::function<void()> onDestruction_;
};

// A registered operator. Valid while its schema registration lives.
class OperatorHandle {
 public:
  const OperatorName& operator_name() const { return def_->entry.operator_name(); }
  const FunctionSchema& schema() const { return def_->entry.schema(); }
  bool hasSchema() const { return def_->entry.hasSchema(); }

  // The typed handle; throws c10::Error naming the schema and the first
  // argument or return whose C++ type does not fit it, or if the operator's
  // unboxed kernels have another C++ signature.
  template <class FuncType>
  TypedOperatorHandle<FuncType> typed() const {
    impl::SignatureChecker<FuncType>::check(schema(), "typed<>()");
    checkTypedSignature(typeid(FuncType), impl::fn_has_symint<FuncType>::value);
    return TypedOperatorHandle<FuncType>(def_);
  }

  // The top schema().arguments().size() values are the arguments; a stack
  // holding fewer is taken to be all arguments, and the missing trailing ones
  // get their defaults. Replaced by the returns.
  void callBoxed(torch::jit::Stack* stack) const {
    const impl::OperatorEntry& entry = def_->entry;
    if (C10_UNLIKELY(stack->size() < entry.numArguments())) {
      entry.fillDefaults(*stack, stack->size());
    }
    callBoxedChecked(stack);
  }
  void callBoxed(torch::jit::Stack& stack) const { callBoxed(&stack); }
  // The top `numSpecified` values are the first arguments; the rest get
  // their defaults (the mobile interpreter's convention).
  void callBoxed(torch::jit::Stack* stack, std::size_t numSpecified) const {
    def_->entry.fillDefaults(*stack, numSpecified);
    callBoxedChecked(stack);
  }

  // For fallbacks: the call continues with the kernel for the highest key in
  // `ks` (usually ks & DispatchKeySet(FULL_AFTER, ownKey)).
  void redispatchBoxed(DispatchKeySet ks, torch::jit::Stack* stack) const {
    def_->entry.lookup(ks).callBoxed(*this, ks, stack);
  }

  bool operator==(const OperatorHandle& rhs) const { return def_ == rhs.def_; }
  bool operator!=(const OperatorHandle& rhs) const { return def_ != rhs.def_; }

 protected:
  friend class Dispatcher;
  struct OperatorDef {
    explicit OperatorDef(OperatorName name) : entry(std::move(name)) {}
    impl::OperatorEntry entry;
    std::size_t defCount = 0;
    std::size_t defAndImplCount = 0;
  };
  explicit OperatorHandle(OperatorDef* def) : def_(def) {}

  void callBoxedChecked(torch::jit::Stack* stack) const {
    const impl::OperatorEntry& entry = def_->entry;
    const DispatchKeySet ks =
        impl::computeDispatchKeySet(impl::boxedArgumentKeys(*stack, entry.numArguments()));
    const KernelFunction& kernel = entry.lookup(ks);
    if (!kernel.isValidUnboxed()) {
      // A boxed kernel or a fallback sees the stack as it is: check it
      // (the wrapper of an unboxed kernel checks while it unboxes).
      entry.checkArguments(*stack);
    }
    // The stack is left as the kernel leaves it (libtorch does not check a
    // boxed kernel's returns either; PyTorch's own tests have boxed kernels
    // and fallbacks that leave or edit their arguments).
    kernel.callBoxed(*this, ks, stack);
  }
  void checkTypedSignature(const std::type_info& requested, bool symInt) const;

  OperatorDef* def_;
};

namespace impl {
template <class T>
struct always_false : std::false_type {};
} // namespace impl

template <class FuncType>
class TypedOperatorHandle final {
  static_assert(impl::always_false<FuncType>::value, "use typed<Return(Args...)>() with a function type");
};

template <class Return, class... Args>
class TypedOperatorHandle<Return(Args...)> final : public OperatorHandle {
 public:
  // Straight to the unboxed kernel when the call reaches one; boxes the
  // arguments only to reach a boxed kernel or a fallback.
  Return call(Args... args) const {
    const DispatchKeySet ks = impl::computeDispatchKeySet(impl::typedArgumentKeys(args...));
    return def_->entry.lookup(ks).template call<Return, Args...>(*this, ks, std::forward<Args>(args)...);
  }
  // The kernel for `key` (and the thread's keys), whatever the arguments say.
  Return callWithDispatchKey(DispatchKey key, Args... args) const {
    const DispatchKeySet ks = impl::computeDispatchKeySet(DispatchKeySet(key));
    return def_->entry.lookup(ks).template call<Return, Args...>(*this, ks, std::forward<Args>(args)...);
  }
  Return redispatch(DispatchKeySet ks, Args... args) const {
    return def_->entry.lookup(ks).template call<Return, Args...>(*this, ks, std::forward<Args>(args)...);
  }

 private:
  friend class OperatorHandle;
  explicit TypedOperatorHandle(OperatorDef* def) : OperatorHandle(def) {}
};

// Told when an operator gains its schema (its first def) and when it loses
// it (its last def goes).
class OpRegistrationListener {
 public:
  virtual ~OpRegistrationListener() = default;
  virtual void onOperatorRegistered(const OperatorHandle& op) = 0;
  virtual void onOperatorDeregistered(const OperatorHandle& op) = 0;
};

class Dispatcher final {
 public:
  // The process's dispatcher, holding from the start the runtime's own ATen
  // operators (CPU kernels of the tensor library, AtenOperators.cpp).
  static Dispatcher& singleton();

  c10::optional<OperatorHandle> findSchema(const OperatorName& name);
  // Throws c10::Error naming the operator (and close names) if not registered.
  OperatorHandle findSchemaOrThrow(const char* name, const char* overload_name);
  c10::optional<OperatorHandle> findOp(const OperatorName& name);
  std::vector<OperatorName> getAllOpNames();
  // Every operator (nullopt), or those with a kernel registered at `k`.
  std::vector<OperatorName> getRegistrationsForDispatchKey(c10::optional<DispatchKey> k);
  // Operators that have kernels but no schema.
  std::vector<OperatorHandle> findDanglingImpls();
  // The listener is told of every operator with a schema now, then of each
  // one defined or undefined, until the handle goes.
  RegistrationHandleRAII addRegistrationListener(std::unique_ptr<OpRegistrationListener> listener);
  // A namespace may be defined by one library at a time (TORCH_LIBRARY);
  // `debug` says where, for the error naming both.
  RegistrationHandleRAII registerLibrary(std::string ns, std::string debug);

  // Defines an operator; a second def of the same name must be the same schema.
  RegistrationHandleRAII registerDef(FunctionSchema schema);
  // Registers a kernel for `key`; an unboxed kernel's signature is checked
  // against the schema (defined before or, if later, then).
  RegistrationHandleRAII registerImpl(const OperatorName& name, DispatchKey key, KernelFunction kernel);
  // A boxed kernel every operator runs at `key` unless it has its own kernel
  // there (for keys above CPU: runs before the kernel, re-dispatches).
  RegistrationHandleRAII registerFallback(DispatchKey key, KernelFunction kernel, std::string debug = {});

  template <class Return, class... Args>
  Return call(const TypedOperatorHandle<Return(Args...)>& op, Args... args) const {
    return op.call(std::forward<Args>(args)...);
  }
  template <class Return, class... Args>
  Return redispatch(const TypedOperatorHandle<Return(Args...)>& op, DispatchKeySet ks, Args... args) const {
    return op.redispatch(ks, std::forward<Args>(args)...);
  }
  void callBoxed(const OperatorHandle& op, torch::jit::Stack* stack) const { op.callBoxed(stack); }
  void redispatchBoxed(const OperatorHandle& op, DispatchKeySet ks, torch::jit::Stack* stack) const {
    op.redispatchBoxed(ks, stack);
  }

  Dispatcher(const Dispatcher&) = delete;
  Dispatcher& operator=(const Dispatcher&) = delete;
  ~Dispatcher() = default;

 private:
  Dispatcher() = default;
  friend Dispatcher& makeDispatcherWithAtenOperators();
  using OperatorDef = OperatorHandle::OperatorDef;

  OperatorDef& findOrCreate(const OperatorName& name);
  void release(OperatorDef& def);
  void deregisterDef(const OperatorName& name);
  void deregisterImpl(const OperatorName& name, DispatchKey key, std::size_t id);
  void deregisterFallback(DispatchKey key);
  void notifyListeners(bool registered, const OperatorDef& def);

  std::mutex mutex_;
  std::list<OperatorDef> operators_;
  std::unordered_map<OperatorName, OperatorDef*> lookup_;
  std::array<KernelFunction, kNumDispatchKeys> fallbacks_;
  std::size_t nextKernelId_ = 0;
  std::list<std::unique_ptr<OpRegistrationListener>> listeners_;
  std::unordered_map<std::string, std::string> libraries_;
};

// The boxed call, as a free function.
inline void callBoxed(const OperatorHandle& op, torch::jit::Stack* stack) {
  op.callBoxed(stack);
}

} // namespace c10

namespace at {
// Calls made in its scope skip the autograd keys (kernels registered there
// and their fallbacks), as libtorch's guard of the same name does.
class AutoDispatchBelowAutograd {
 public:
  AutoDispatchBelowAutograd() : guard_(c10::autograd_dispatch_keyset) {}

 private:
  c10::impl::ExcludeDispatchKeyGuard guard_;
};
} // namespace at
