// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// A kernel as the dispatcher stores it: a boxed entry point (always), an
// unboxed entry point (for kernels registered with a typed C++ signature),
// and the functor holding the kernel's state. Registering an unboxed kernel
// generates its boxed wrapper here, at registration time, by template
// metaprogramming (the seed's point 8); calling a boxed-only kernel through
// the typed API boxes the arguments at the call (point 7).

#include <ATen/core/boxing/OperatorKernel.h>
#include <ATen/core/boxing/impl/StackPool.h>
#include <ATen/core/boxing/impl/function_traits.h>
#include <ATen/core/boxing/impl/ivalue_conversions.h>
#include <ATen/core/stack.h>
#include <ATen/core/dispatch/CppSignature.h>
#include <c10/core/CompileTimeFunctionPointer.h>
#include <c10/core/DispatchKeySet.h>
#include <c10/macros/Macros.h>

#include <cstddef>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>

namespace c10 {

using Stack = torch::jit::Stack;

class OperatorHandle;
class KernelFunction;

namespace impl {

// Failure paths of the bridge, out of line (Dispatcher.cpp). Each names the
// operator's schema and the argument or return concerned.
[[noreturn]] void boxedArityError(const OperatorHandle& op, std::size_t needed, std::size_t have);
[[noreturn]] void boxedArgumentTypeError(const OperatorHandle& op, std::size_t index, const std::string& expected,
                                         const IValue& actual);
[[noreturn]] void boxedReturnCountError(const OperatorHandle& op, std::size_t expected, std::size_t got);
[[noreturn]] void boxedReturnTypeError(const OperatorHandle& op, std::size_t index, const std::string& expected,
                                       const IValue& actual);
[[noreturn]] void signatureMismatchError(const OperatorHandle& op, const KernelFunction& kernel,
                                         const std::type_info& requested);
[[noreturn]] void noKernelError(const OperatorHandle& op);
[[noreturn]] void aliasedReturnError(const OperatorHandle& op, std::size_t argument, const IValue& actual);

// The readable C++ spelling of a type ("at::Tensor (at::Tensor const&, ...)").
std::string demangle(const char* mangled);

// Always inlined: it is a kind test and a load per argument of the generated
// wrapper, and GCC's size estimate for the wrapper otherwise leaves some
// instances out of line (a call per argument per boxed call).
template <class P>
C10_ALWAYS_INLINE decltype(auto) unboxChecked(const OperatorHandle& op, IValue* args, std::size_t index) {
  using D = std::decay_t<P>;
  if (C10_UNLIKELY(!unbox<D>::check(args[index]))) {
    boxedArgumentTypeError(op, index, unbox<D>::name(), args[index]);
  }
  return unboxArgument<P>(args[index]);
}

template <class R>
void pushOutputs(R&& out, torch::jit::Stack* stack) {
  using D = std::decay_t<R>;
  stack->push_back(unbox<D>::box(std::forward<R>(out)));
}
template <class... T, std::size_t... I>
void pushTupleOutputs(std::tuple<T...>&& out, torch::jit::Stack* stack, std::index_sequence<I...> /*unused*/) {
  (pushOutputs(std::move(std::get<I>(out)), stack), ...);
}
template <class... T>
void pushOutputs(std::tuple<T...>&& out, torch::jit::Stack* stack) {
  pushTupleOutputs(std::move(out), stack, std::index_sequence_for<T...>{});
}

// Invoker policies: how the generated wrappers reach the user's code. With
// PassKeys, the kernel's first parameter is a DispatchKeySet that is not
// part of the operator's signature: it receives the call's keys (what a
// kernel that re-dispatches below itself needs).
template <auto* fn, bool PassKeys = false>
struct FunctionInvoker {
  template <class... A>
  static decltype(auto) invoke(OperatorKernel* /*functor*/, DispatchKeySet ks, A&&... args) {
    if constexpr (PassKeys) {
      return (*fn)(ks, std::forward<A>(args)...);
    } else {
      return (*fn)(std::forward<A>(args)...);
    }
  }
};
template <class Functor, bool PassKeys = false>
struct FunctorInvoker {
  template <class... A>
  static decltype(auto) invoke(OperatorKernel* functor, DispatchKeySet ks, A&&... args) {
    if constexpr (PassKeys) {
      return (*static_cast<Functor*>(functor))(ks, std::forward<A>(args)...);
    } else {
      return (*static_cast<Functor*>(functor))(std::forward<A>(args)...);
    }
  }
};

// A kernel's C++ signature as the operator sees it: a leading DispatchKeySet
// parameter is the dispatcher's, not an argument.
template <class FuncType>
struct operator_signature {
  static constexpr bool takes_keys = false;
  using type = FuncType;
};
template <class R, class... P>
struct operator_signature<R(DispatchKeySet, P...)> {
  static constexpr bool takes_keys = true;
  using type = R(P...);
};

// The unboxed entry point: what a typed call jumps to.
template <class Invoker, class FuncType>
struct UnboxedWrapper;
template <class Invoker, class R, class... P>
struct UnboxedWrapper<Invoker, R(P...)> {
  static R call(OperatorKernel* functor, DispatchKeySet ks, P... args) {
    return Invoker::invoke(functor, ks, std::forward<P>(args)...);
  }
};

// The boxed wrapper generated for an unboxed kernel: the arguments are the
// top sizeof...(P) stack slots; each is checked and unboxed (moved out, or
// referenced in place for `const Tensor&` and friends), the kernel runs, the
// slots are dropped and the results pushed.
template <class Invoker, class FuncType>
struct BoxedFromUnboxed;
template <class Invoker, class R, class... P>
struct BoxedFromUnboxed<Invoker, R(P...)> {
  static void call(OperatorKernel* functor, const OperatorHandle& op, DispatchKeySet ks,
                   torch::jit::Stack* stack) {
    constexpr std::size_t N = sizeof...(P);
    if (C10_UNLIKELY(stack->size() < N)) {
      boxedArityError(op, N, stack->size());
    }
    IValue* args = stack->data() + (stack->size() - N);
    if constexpr (std::is_void<R>::value) {
      invokeWith(functor, op, ks, args, std::index_sequence_for<P...>{});
      stack->resize(stack->size() - N);
    } else {
      // R may be a reference (an in-place kernel returning its argument):
      // the result is boxed before the argument slots go.
      decltype(auto) result = invokeWith(functor, op, ks, args, std::index_sequence_for<P...>{});
      if constexpr (std::is_reference<R>::value) {
        IValue boxed = unbox<std::decay_t<R>>::box(result);
        stack->resize(stack->size() - N);
        stack->push_back(std::move(boxed));
      } else {
        R owned = std::move(result);
        stack->resize(stack->size() - N);
        pushOutputs(std::move(owned), stack);
      }
    }
  }

 private:
  template <std::size_t... I>
  static decltype(auto) invokeWith(OperatorKernel* functor, const OperatorHandle& op, DispatchKeySet ks,
                                   IValue* args, std::index_sequence<I...> /*unused*/) {
    static_cast<void>(op);
    static_cast<void>(args);
    return Invoker::invoke(functor, ks, unboxChecked<P>(op, args, I)...);
  }
};

// Checks a C++ signature against a schema; throws c10::Error naming the
// schema and the first argument or return that differs (Dispatcher.cpp).
struct SignatureEntry {
  std::string cppName;
  bool (*matches)(const SchemaType&);
};
void checkSignatureAgainstSchema(const FunctionSchema& schema, const char* what,
                                 const std::vector<SignatureEntry>& args,
                                 const std::vector<SignatureEntry>& returns, const std::type_info& signature);

template <class T>
SignatureEntry signatureEntry() {
  using D = std::decay_t<T>;
  return SignatureEntry{unbox<D>::name(), &unbox<D>::matches};
}
template <class R>
std::vector<SignatureEntry> returnEntries(R* /*tag*/) {
  return {signatureEntry<R>()};
}
inline std::vector<SignatureEntry> returnEntries(void* /*tag*/) {
  return {};
}
template <class... T>
std::vector<SignatureEntry> returnEntries(std::tuple<T...>* /*tag*/) {
  return {signatureEntry<T>()...};
}

// The schema text libtorch infers from a kernel's C++ signature, without
// the operator name: "(Tensor _0, int _1) -> (int, Tensor)".
template <class FuncType>
struct SchemaInference;
template <class R, class... P>
struct SchemaInference<R(P...)> {
  static std::string text() {
    std::string out = "(";
    std::size_t i = 0;
    ((out += (i == 0 ? "" : ", ") + signatureEntry<P>().cppName + " _" + std::to_string(i), ++i), ...);
    out += ") -> (";
    const std::vector<SignatureEntry> rets = returnEntries(static_cast<std::decay_t<R>*>(nullptr));
    for (std::size_t r = 0; r < rets.size(); ++r) {
      out += (r == 0 ? "" : ", ") + rets[r].cppName;
    }
    return out + ")";
  }
};

// A kernel parameter `const SymInt&`: libtorch's kernels take SymInt by value.
[[noreturn]] void symIntReferenceParameterError(const FunctionSchema& schema, const std::type_info& signature);

template <class FuncType>
struct SignatureChecker;
template <class R, class... P>
struct SignatureChecker<R(P...)> {
  static void check(const FunctionSchema& schema, const char* what) {
    checkSignatureAgainstSchema(schema, what, {signatureEntry<P>()...},
                                returnEntries(static_cast<std::decay_t<R>*>(nullptr)), typeid(R(P...)));
  }
  // A kernel's signature: also no `const SymInt&` parameter (a typed call
  // may use one; it then goes through the boxed path).
  static void checkKernel(const FunctionSchema& schema, const char* what) {
    if constexpr ((std::is_same<P, const c10::SymInt&>::value || ...)) {
      symIntReferenceParameterError(schema, typeid(R(P...)));
    }
    check(schema, what);
  }
};

} // namespace impl

class KernelFunction final {
 public:
  using InternalBoxedKernelFunction = void(OperatorKernel*, const OperatorHandle&, DispatchKeySet, torch::jit::Stack*);
  using BoxedKernelFunction = void(const OperatorHandle&, torch::jit::Stack*);
  using BoxedKernelFunction_withDispatchKeys = void(const OperatorHandle&, DispatchKeySet, torch::jit::Stack*);
  // Checks a C++ signature against a schema (set for unboxed kernels).
  using SignatureCheck = void(const FunctionSchema&, const char*);

  KernelFunction() = default;

  bool isValid() const { return boxed_ != nullptr; }
  bool isValidUnboxed() const { return unboxed_ != nullptr; }
  // typeid of the unboxed signature Return(Args...), or nullptr for a boxed kernel.
  const std::type_info* cppSignature() const { return signature_; }
  // Whether that signature uses SymInt types (an operator keeps one
  // signature of each kind, as libtorch does).
  bool hasSymIntSignature() const { return symSignature_; }
  SignatureCheck* signatureCheck() const { return signatureCheck_; }
  // For an unboxed kernel: the schema its C++ signature implies, as text
  // after the operator name; nullptr for a boxed kernel (nothing to infer).
  using InferSchema = std::string();
  InferSchema* inferSchema() const { return inferSchema_; }

  void callBoxed(const OperatorHandle& op, DispatchKeySet ks, torch::jit::Stack* stack) const {
    (*boxed_)(functor_.get(), op, ks, stack);
  }

  // The typed call: straight to the unboxed entry point when the kernel has
  // one with exactly this signature; boxed otherwise (see boxAndCall).
  template <class Return, class... Args>
  Return call(const OperatorHandle& op, DispatchKeySet ks, Args... args) const {
    if (C10_LIKELY(signature_ == &typeid(Return(Args...)))) {
      using Fn = Return(OperatorKernel*, DispatchKeySet, Args...);
      return reinterpret_cast<Fn*>(unboxed_)(functor_.get(), ks, std::forward<Args>(args)...);
    }
    return callSlow<Return, Args...>(op, ks, std::forward<Args>(args)...);
  }

  // A kernel that is not there: the dispatcher skips its key and goes on
  // with the next lower one (registered at a key, or as a fallback).
  static KernelFunction makeFallthrough() {
    return KernelFunction(nullptr, &fallthroughKernel);
  }
  bool isFallthrough() const { return boxed_ == &fallthroughKernel; }

  // --- boxed kernels ---------------------------------------------------------
  template <BoxedKernelFunction* fn>
  static KernelFunction makeFromBoxedFunction() {
    return KernelFunction(nullptr, &boxedFunctionWrapper<fn>);
  }
  template <BoxedKernelFunction_withDispatchKeys* fn>
  static KernelFunction makeFromBoxedFunction() {
    return KernelFunction(nullptr, &boxedFunctionWithKeysWrapper<fn>);
  }
  // A functor with operator()(const OperatorHandle&, DispatchKeySet, Stack*).
  template <class Functor>
  static KernelFunction makeFromBoxedFunctor(std::unique_ptr<Functor> functor) {
    static_assert(std::is_base_of<OperatorKernel, Functor>::value, "a kernel functor must derive from c10::OperatorKernel");
    return KernelFunction(std::shared_ptr<OperatorKernel>(std::move(functor)), &boxedFunctorWrapper<Functor>);
  }
  // A callable (const OperatorHandle&, Stack*) or (const OperatorHandle&, DispatchKeySet, Stack*).
  template <class Lambda>
  static KernelFunction makeFromBoxedLambda(Lambda&& lambda) {
    return makeFromBoxedFunctor(std::make_unique<BoxedLambdaFunctor<std::decay_t<Lambda>>>(std::forward<Lambda>(lambda)));
  }

  // --- unboxed kernels (the boxed wrapper is generated here) ----------------
  template <auto* fn>
  static KernelFunction makeFromUnboxedFunction() {
    using FuncType = std::remove_pointer_t<decltype(fn)>;
    static_assert(std::is_function<FuncType>::value, "makeFromUnboxedFunction<fn>: fn must be a function");
    using Signature = impl::operator_signature<typename guts::function_traits<FuncType>::func_type>;
    using Invoker = impl::FunctionInvoker<fn, Signature::takes_keys>;
    return makeUnboxed<Invoker, typename Signature::type>(nullptr);
  }
  // TORCH_FN(fn): the same, with the function carried in the argument's type.
  template <class FuncType, FuncType* fn>
  static KernelFunction makeFromUnboxedFunction(CompileTimeFunctionPointer<FuncType, fn> /*unused*/) {
    return makeFromUnboxedFunction<fn>();
  }
  // A functor deriving from OperatorKernel with one operator().
  template <class Functor>
  static KernelFunction makeFromUnboxedFunctor(std::unique_ptr<Functor> functor) {
    static_assert(std::is_base_of<OperatorKernel, Functor>::value, "a kernel functor must derive from c10::OperatorKernel");
    using Signature = impl::operator_signature<typename guts::infer_function_traits_t<Functor>::func_type>;
    return makeUnboxed<impl::FunctorInvoker<Functor, Signature::takes_keys>, typename Signature::type>(
        std::shared_ptr<OperatorKernel>(std::move(functor)));
  }
  // libtorch's spelling: the functor's type given explicitly, the object as
  // an OperatorKernel (which must be a KernelFunctor). The runtime accepts
  // the same argument types whatever AllowLegacyTypes says.
  template <bool AllowLegacyTypes, class KernelFunctor>
  static KernelFunction makeFromUnboxedFunctor(std::unique_ptr<OperatorKernel> functor) {
    static_assert(std::is_base_of<OperatorKernel, KernelFunctor>::value,
                  "a kernel functor must derive from c10::OperatorKernel");
    TORCH_CHECK(functor == nullptr || dynamic_cast<KernelFunctor*>(functor.get()) != nullptr,
                "makeFromUnboxedFunctor: the kernel object is not of the functor type given");
    using Signature = impl::operator_signature<typename guts::infer_function_traits_t<KernelFunctor>::func_type>;
    return makeUnboxed<impl::FunctorInvoker<KernelFunctor, Signature::takes_keys>, typename Signature::type>(
        std::shared_ptr<OperatorKernel>(std::move(functor)));
  }
  // A lambda (stateless or capturing) or a function pointer known only at run time.
  template <class Callable>
  static KernelFunction makeFromUnboxedLambda(Callable&& callable) {
    using Wrapped = CallableFunctor<std::decay_t<Callable>>;
    using Signature =
        impl::operator_signature<typename guts::infer_function_traits_t<std::decay_t<Callable>>::func_type>;
    return makeUnboxed<impl::FunctorInvoker<Wrapped, Signature::takes_keys>, typename Signature::type>(
        std::make_shared<Wrapped>(std::forward<Callable>(callable)));
  }
  template <class FuncPtr>
  static KernelFunction makeFromUnboxedRuntimeFunction(FuncPtr fn) {
    static_assert(std::is_function<std::remove_pointer_t<FuncPtr>>::value, "expected a function pointer");
    TORCH_CHECK(fn != nullptr, "makeFromUnboxedRuntimeFunction: null function pointer");
    return makeFromUnboxedLambda(fn);
  }

 private:
  using AnyFunction = void (*)();

  KernelFunction(std::shared_ptr<OperatorKernel> functor, InternalBoxedKernelFunction* boxed,
                 AnyFunction unboxed = nullptr, const std::type_info* signature = nullptr,
                 SignatureCheck* check = nullptr, InferSchema* infer = nullptr, bool symSignature = false)
      : functor_(std::move(functor)),
        boxed_(boxed),
        unboxed_(unboxed),
        signature_(signature),
        signatureCheck_(check),
        inferSchema_(infer),
        symSignature_(symSignature) {}

  template <class Invoker, class FuncType>
  static KernelFunction makeUnboxed(std::shared_ptr<OperatorKernel> functor) {
    return KernelFunction(std::move(functor), &impl::BoxedFromUnboxed<Invoker, FuncType>::call,
                          reinterpret_cast<AnyFunction>(&impl::UnboxedWrapper<Invoker, FuncType>::call),
                          &typeid(FuncType), &impl::SignatureChecker<FuncType>::checkKernel,
                          &impl::SchemaInference<FuncType>::text, impl::fn_has_symint<FuncType>::value);
  }

  template <class Callable>
  struct CallableFunctor final : OperatorKernel {
    explicit CallableFunctor(Callable c) : callable(std::move(c)) {}
    template <class... A>
    decltype(auto) operator()(A&&... args) {
      return callable(std::forward<A>(args)...);
    }
    Callable callable;
  };
  template <class Callable>
  struct BoxedLambdaFunctor final : OperatorKernel {
    explicit BoxedLambdaFunctor(Callable c) : callable(std::move(c)) {}
    void operator()(const OperatorHandle& op, DispatchKeySet ks, torch::jit::Stack* stack) {
      if constexpr (std::is_invocable<Callable&, const OperatorHandle&, DispatchKeySet, torch::jit::Stack*>::value) {
        callable(op, ks, stack);
      } else {
        callable(op, stack);
      }
    }
    Callable callable;
  };

  template <BoxedKernelFunction* fn>
  static void boxedFunctionWrapper(OperatorKernel* /*functor*/, const OperatorHandle& op, DispatchKeySet /*ks*/,
                                   torch::jit::Stack* stack) {
    (*fn)(op, stack);
  }
  template <BoxedKernelFunction_withDispatchKeys* fn>
  static void boxedFunctionWithKeysWrapper(OperatorKernel* /*functor*/, const OperatorHandle& op, DispatchKeySet ks,
                                           torch::jit::Stack* stack) {
    (*fn)(op, ks, stack);
  }
  template <class Functor>
  static void boxedFunctorWrapper(OperatorKernel* functor, const OperatorHandle& op, DispatchKeySet ks,
                                  torch::jit::Stack* stack) {
    (*static_cast<Functor*>(functor))(op, ks, stack);
  }

  template <class Return, class... Args>
  C10_NOINLINE Return callSlow(const OperatorHandle& op, DispatchKeySet ks, Args... args) const;

  // Never called through a dispatch table (the dispatcher skips its key);
  // throws if called directly (Dispatcher.cpp).
  static void fallthroughKernel(OperatorKernel* functor, const OperatorHandle& op, DispatchKeySet ks,
                                torch::jit::Stack* stack);

  std::shared_ptr<OperatorKernel> functor_;
  InternalBoxedKernelFunction* boxed_ = nullptr;
  AnyFunction unboxed_ = nullptr;
  const std::type_info* signature_ = nullptr;
  SignatureCheck* signatureCheck_ = nullptr;
  InferSchema* inferSchema_ = nullptr;
  bool symSignature_ = false;
};

namespace impl {

template <class R>
R takeReturn(const OperatorHandle& op, torch::jit::Stack& stack, std::size_t index) {
  using D = std::decay_t<R>;
  if (C10_UNLIKELY(!unbox<D>::check(stack[index]))) {
    boxedReturnTypeError(op, index, unbox<D>::name(), stack[index]);
  }
  return unbox<D>::take(std::move(stack[index]));
}
template <class... T, std::size_t... I>
std::tuple<T...> takeTupleReturn(const OperatorHandle& op, torch::jit::Stack& stack,
                                 std::index_sequence<I...> /*unused*/) {
  return std::tuple<T...>(takeReturn<T>(op, stack, I)...);
}
template <class R>
struct PopReturns {
  static R call(const OperatorHandle& op, torch::jit::Stack& stack) {
    static_assert(!std::is_reference<R>::value,
                  "a typed call that may reach a boxed kernel must return by value");
    return takeReturn<R>(op, stack, 0);
  }
};
template <>
struct PopReturns<void> {
  static void call(const OperatorHandle& /*op*/, torch::jit::Stack& /*stack*/) {}
};
template <class... T>
struct PopReturns<std::tuple<T...>> {
  static std::tuple<T...> call(const OperatorHandle& op, torch::jit::Stack& stack) {
    return takeTupleReturn<T...>(op, stack, std::index_sequence_for<T...>{});
  }
};

// A typed call returning `Tensor&` that reaches a boxed kernel (a fallback,
// or a kernel registered boxed): as in libtorch, the reference is to the
// argument the operator writes -- the first one for in-place operators
// (`add_(Tensor(a!) self, ...)`), otherwise the last one for out= operators
// (`add.out(..., Tensor(a!) out)`) -- and the boxed result must be that very
// tensor, which is checked.
template <class Return, class... Args>
Return takeAliasedReturn(const OperatorHandle& op, torch::jit::Stack& stack, Args&... args) {
  using Arguments = std::tuple<Args...>;
  using First = std::tuple_element_t<0, Arguments>;
  using Last = std::tuple_element_t<sizeof...(Args) - 1, Arguments>;
  static_assert(std::is_same<std::decay_t<Return>, at::Tensor>::value,
                "a typed call that may reach a boxed kernel returns by value, or a Tensor by reference "
                "(in-place and out= operators)");
  static_assert(std::is_same<First, at::Tensor&>::value || std::is_same<Last, at::Tensor&>::value,
                "a Tensor& return refers to the first (in-place) or last (out=) Tensor& argument");
  constexpr std::size_t kAliased = std::is_same<First, at::Tensor&>::value ? 0 : sizeof...(Args) - 1;
  at::Tensor& aliased = std::get<kAliased>(std::forward_as_tuple(args...));
  const IValue& result = stack[0];
  if (C10_UNLIKELY(!result.isTensor() || result.toTensor().unsafeGetTensorImpl() != aliased.unsafeGetTensorImpl())) {
    aliasedReturnError(op, kAliased, result);
  }
  return aliased;
}

// The multi-output out= form: a typed call returning
// `std::tuple<Tensor&, ...>` (K references) refers to the last K arguments,
// each a `Tensor&`, and the boxed results must be those very tensors.
template <class Return>
struct is_tensor_ref_tuple : std::false_type {};
template <class... T>
struct is_tensor_ref_tuple<std::tuple<T...>>
    : std::integral_constant<bool, (sizeof...(T) > 0) && (std::is_same<T, at::Tensor&>::value && ...)> {};

template <class Return, std::size_t First, class Arguments, std::size_t... I>
Return takeAliasedTupleReturn(const OperatorHandle& op, torch::jit::Stack& stack, Arguments&& args,
                              std::index_sequence<I...> /*unused*/) {
  static_assert((std::is_same<std::tuple_element_t<First + I, std::decay_t<Arguments>>, at::Tensor&>::value && ...),
                "a std::tuple<Tensor&...> return refers to as many trailing Tensor& arguments (out=)");
  const auto check = [&](std::size_t index, const at::Tensor& aliased) {
    const IValue& result = stack[index];
    if (C10_UNLIKELY(!result.isTensor() ||
                     result.toTensor().unsafeGetTensorImpl() != aliased.unsafeGetTensorImpl())) {
      aliasedReturnError(op, First + index, result);
    }
  };
  (check(I, std::get<First + I>(args)), ...);
  return Return(std::get<First + I>(args)...);
}

} // namespace impl

// Boxes the arguments (copying const& ones, moving rvalues) into a stack from
// this thread's pool, runs the boxed kernel, checks the number and kinds of
// the results and unboxes them.
template <class Return, class... Args>
Return KernelFunction::callSlow(const OperatorHandle& op, DispatchKeySet ks, Args... args) const {
  // A SymInt call of an int64_t kernel, an int64_t call of a SymInt kernel
  // (what typed<>() accepts, as libtorch does) goes through the boxed path,
  // whose wrapper converts each argument.
  const bool symConversion = symSignature_ || impl::fn_has_symint<Return(Args...)>::value;
  if (unboxed_ != nullptr) {
    if (*signature_ == typeid(Return(Args...))) {
      using Fn = Return(OperatorKernel*, DispatchKeySet, Args...);
      return reinterpret_cast<Fn*>(unboxed_)(functor_.get(), ks, std::forward<Args>(args)...);
    }
    if (!symConversion) {
      impl::signatureMismatchError(op, *this, typeid(Return(Args...)));
    }
  }
  if (C10_UNLIKELY(boxed_ == nullptr)) {
    impl::noKernelError(op);
  }
  constexpr std::size_t kReturns = impl::returns_traits<Return>::size;
  impl::PooledStack pooled;
  torch::jit::Stack& stack = pooled.get();
  stack.reserve(sizeof...(Args) > kReturns ? sizeof...(Args) : kReturns);
  (stack.push_back(impl::unbox<std::decay_t<Args>>::box(std::forward<Args>(args))), ...);
  (*boxed_)(functor_.get(), op, ks, &stack);
  if (C10_UNLIKELY(stack.size() != kReturns)) {
    impl::boxedReturnCountError(op, kReturns, stack.size());
  }
  if constexpr (std::is_reference<Return>::value) {
    return impl::takeAliasedReturn<Return, Args...>(op, stack, args...);
  } else if constexpr (impl::is_tensor_ref_tuple<Return>::value) {
    constexpr std::size_t kOut = std::tuple_size<Return>::value;
    static_assert(kOut <= sizeof...(Args), "more Tensor& returns than arguments");
    return impl::takeAliasedTupleReturn<Return, sizeof...(Args) - kOut>(
        op, stack, std::forward_as_tuple(args...), std::make_index_sequence<kOut>{});
  } else {
    return impl::PopReturns<Return>::call(op, stack);
  }
}

} // namespace c10
