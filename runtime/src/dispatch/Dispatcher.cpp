// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <ATen/core/dispatch/Dispatcher.h>

#include "AtenOperators.h"
#include "DispatchError.h"

#include <c10/util/Exception.h>
#include <c10/util/StringUtil.h>

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <utility>

namespace c10 {
namespace impl {

// BackendSelect is included from the start (libtorch ORs it into every
// call's keys): keeping it in the thread's set costs a call nothing.
__thread PODLocalDispatchKeySet raw_local_dispatch_key_set = {DispatchKeySet(DispatchKey::BackendSelect).raw_repr(), 0};

namespace {

std::string describeValue(const IValue& v) {
  std::ostringstream out;
  out << v.tagKind();
  if (v.isInt() || v.isDouble() || v.isBool() || v.isString()) {
    out << " (" << v << ")";
  }
  return out.str();
}

std::string argumentLabel(const FunctionSchema& schema, std::size_t index) {
  if (index < schema.arguments().size()) {
    const Argument& a = schema.arguments()[index];
    return c10::str("argument ", index + 1, " '", a.name(), "' (", a.type().str(), ")");
  }
  return c10::str("argument ", index + 1, " (the schema has ", schema.arguments().size(), ")");
}

// The kernel of AutogradOther when both a CompositeImplicitAutograd kernel
// and a kernel for a backend that shares AutogradOther are registered: which
// one a tensor requiring grad should get is ambiguous (libtorch's words).
void ambiguousAutogradOtherKernel(const OperatorHandle& op, torch::jit::Stack* /*stack*/) {
  C10_DISPATCH_FAIL(op.operator_name(), " has kernels registered to both CompositeImplicitAutograd and a backend mapped "
                    "to AutogradOther. This makes the backend kernel unreachable; the dispatcher will always prefer "
                    "the CompositeImplicitAutograd lowering. If you want to override CompositeImplicitAutograd, please "
                    "open an issue to request a dedicated Autograd dispatch key for the backend.");
}

} // namespace

std::string demangle(const char* mangled) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> readable(abi::__cxa_demangle(mangled, nullptr, nullptr, &status), &std::free);
  return status == 0 && readable ? std::string(readable.get()) : std::string(mangled);
}

void boxedArityError(const OperatorHandle& op, std::size_t needed, std::size_t have) {
  C10_DISPATCH_FAIL(op.schema(), ": the boxed call needs ", needed, " argument(s) on the stack but it holds ", have);
}

void boxedArgumentTypeError(const OperatorHandle& op, std::size_t index, const std::string& expected,
                            const IValue& actual) {
  C10_DISPATCH_FAIL(op.schema(), ": ", argumentLabel(op.schema(), index), " expected a value of type ", expected,
              " but got ", describeValue(actual));
}

void boxedReturnCountError(const OperatorHandle& op, std::size_t expected, std::size_t got) {
  C10_DISPATCH_FAIL(op.schema(), ": the kernel left ", got, " value(s) on the stack, the schema declares ", expected,
              " return(s)");
}

void boxedReturnTypeError(const OperatorHandle& op, std::size_t index, const std::string& expected,
                          const IValue& actual) {
  C10_DISPATCH_FAIL(op.schema(), ": return ", index + 1, " expected a value of type ", expected, " but the kernel returned ",
              describeValue(actual));
}

void symIntReferenceParameterError(const FunctionSchema& schema, const std::type_info& signature) {
  C10_DISPATCH_FAIL("Inferred operator schema for a C++ kernel function doesn't match the expected function schema.\n"
                    "  operator: ", schema, "\n  kernel: ", demangle(signature.name()),
                    "\n  a kernel takes SymInt by value, not as const c10::SymInt&");
}

void signatureMismatchError(const OperatorHandle& op, const KernelFunction& kernel, const std::type_info& requested) {
  C10_DISPATCH_FAIL(op.schema(), ": called with the C++ signature ", demangle(requested.name()),
              " but the unboxed kernel has ", demangle(kernel.cppSignature()->name()));
}

void aliasedReturnError(const OperatorHandle& op, std::size_t argument, const IValue& actual) {
  C10_DISPATCH_FAIL(op.schema(), ": the C++ signature returns ", argumentLabel(op.schema(), argument),
                    " by reference, but the boxed kernel returned ", describeValue(actual),
                    " instead of that tensor");
}

void noKernelError(const OperatorHandle& op) {
  C10_DISPATCH_FAIL(op.schema(), ": no kernel");
}

void checkSignatureAgainstSchema(const FunctionSchema& schema, const char* what,
                                 const std::vector<SignatureEntry>& args,
                                 const std::vector<SignatureEntry>& returns, const std::type_info& signature) {
  // Checked in libtorch's order (counts, then argument types, then return
  // types), each message ending in libtorch's wording of the difference
  // (the schema's side first, the kernel's second).
  const std::string cpp = demangle(signature.name());
  C10_DISPATCH_CHECK(args.size() == schema.arguments().size(), schema, ": ", what, " with the C++ signature ", cpp,
                     " has ", args.size(), " argument(s), the schema has ", schema.arguments().size(),
                     ". The number of arguments is different. ", schema.arguments().size(), " vs ", args.size(), ".");
  C10_DISPATCH_CHECK(returns.size() == schema.returns().size(), schema, ": ", what, " with the C++ signature ", cpp,
                     " has ", returns.size(), " return(s), the schema has ", schema.returns().size(),
                     ". The number of returns is different. ", schema.returns().size(), " vs ", returns.size());
  for (std::size_t i = 0; i < args.size(); ++i) {
    C10_DISPATCH_CHECK(args[i].matches(schema.arguments()[i].type()), schema, ": ", what, " with the C++ signature ",
                       cpp, ": ", argumentLabel(schema, i), " does not accept the C++ type for ", args[i].cppName,
                       ". Type mismatch in argument ", i + 1, ": ", schema.arguments()[i].type().str(), " vs ",
                       args[i].cppName);
  }
  for (std::size_t i = 0; i < returns.size(); ++i) {
    C10_DISPATCH_CHECK(returns[i].matches(schema.returns()[i].type()), schema, ": ", what, " with the C++ signature ",
                       cpp, ": return ", i + 1, " (", schema.returns()[i].type().str(),
                       ") does not accept the C++ type for ", returns[i].cppName, ". Type mismatch in return ", i + 1,
                       ": ", schema.returns()[i].type().str(), " vs ", returns[i].cppName);
  }
}

// --- OperatorEntry ---------------------------------------------------------------

OperatorEntry::OperatorEntry(OperatorName name) : name_(std::move(name)) {}

void OperatorEntry::reportNoSchema() const {
  C10_DISPATCH_FAIL("operator ", name_, " has kernels but no schema (registerDef was not called)");
}

DispatchKeySet boxedListKeys(const IValue& list) {
  DispatchKeySet ks;
  if (list.isTensorList()) {
    for (const IValue& t : list.toListRef()) {
      ks = ks | t.toTensor().key_set();
    }
  }
  return ks;
}

const KernelFunction& OperatorEntry::lookupUndefined(DispatchKeySet ks) const {
  if (C10_UNLIKELY(!dispatchTable_[0].isValid())) {
    reportNoKernel(ks);
  }
  return dispatchTable_[0];
}

// libtorch keys an autograd kernel by the highest backend of the call: a
// call with a PrivateUse1 and a CPU tensor that both require grad runs at
// AutogradPrivateUse1 or below, never at AutogradCPU. The autograd keys of
// the other backends are therefore not candidates.
const KernelFunction& OperatorEntry::lookupAutograd(DispatchKeySet ks, DispatchKeySet eligible) const {
  const DispatchKeySet backends = ks & backend_dispatch_keyset;
  if (!backends.empty()) {
    const DispatchKeySet own = getAutogradRelatedKeySetFromBackend(backends);
    eligible = eligible - (autograd_dispatch_keyset - own);
    if (C10_UNLIKELY(eligible.empty())) {
      return lookupUndefined(ks);
    }
  }
  return dispatchTable_[static_cast<std::size_t>(eligible.highestPriorityTypeId())];
}

void OperatorEntry::reportNoKernel(DispatchKeySet ks) const {
  // The call's backend, as libtorch names it (the keys above it that have
  // nothing registered are fallen through).
  const DispatchKeySet backends = ks & backend_dispatch_keyset;
  const DispatchKey key = (backends.empty() ? ks : backends).highestPriorityTypeId();
  std::ostringstream registered;
  for (std::size_t k = 0; k < kNumDispatchKeysWithAliases; ++k) {
    if (!kernels_[k].empty()) {
      registered << (registered.tellp() == 0 ? "" : ", ") << static_cast<DispatchKey>(k);
    }
  }
  const std::string schemaText = schema_.has_value() ? c10::str(*schema_) : toString(name_);
  C10_DISPATCH_FAIL("Could not run '", name_, "' with arguments from the '", key, "' backend. ", schemaText,
                    ": no kernel or fallback for dispatch key ", key,
                    " (nor for any key below it); kernels are registered for: [", registered.str(), "]");
}

void OperatorEntry::fillDefaults(torch::jit::Stack& stack, std::size_t numSpecified) const {
  const std::vector<Argument>& args = schema().arguments();
  C10_DISPATCH_CHECK(numSpecified <= args.size(), schema(), ": ", numSpecified, " arguments given, the schema takes ",
              args.size());
  C10_DISPATCH_CHECK(numSpecified <= stack.size(), schema(), ": ", numSpecified,
              " arguments specified but the stack holds ", stack.size());
  for (std::size_t i = numSpecified; i < args.size(); ++i) {
    const c10::optional<IValue>& d = args[i].default_value();
    C10_DISPATCH_CHECK(d.has_value(), schema(), ": ", argumentLabel(schema(), i), " is missing and has no default value (",
                numSpecified, " argument(s) given)");
    stack.push_back(*d);
  }
}

void OperatorEntry::checkArguments(const torch::jit::Stack& stack) const {
  const std::vector<Argument>& args = schema().arguments();
  C10_DISPATCH_CHECK(stack.size() >= args.size(), schema(), ": the boxed call needs ", args.size(),
              " argument(s) on the stack but it holds ", stack.size());
  const IValue* first = stack.data() + (stack.size() - args.size());
  for (std::size_t i = 0; i < args.size(); ++i) {
    C10_DISPATCH_CHECK(args[i].type().matches(first[i]), schema(), ": ", argumentLabel(schema(), i),
                " expected a value of type ", args[i].type().str(), " but got ", describeValue(first[i]));
  }
}

// Per runtime key, libtorch's order: its own kernel; for a backend key the
// CompositeExplicitAutograd kernel; for a backend or autograd key the
// CompositeImplicitAutograd kernel, unless (autograd keys) a backend of that
// autograd key has a kernel or there is a CompositeExplicitAutograd one --
// and for AutogradOther, if any backend mapped to it has a kernel, a kernel
// that reports the ambiguity; for an autograd key the Autograd kernel; then
// the key's fallback. A key with none of these, or with a fallthrough
// kernel, is fallen through. A call without keys (slot 0) gets the
// CompositeExplicitAutograd, else the CompositeImplicitAutograd kernel.
void OperatorEntry::updateDispatchTable(const std::array<KernelFunction, kNumDispatchKeys>& fallbacks) {
  const auto kernelAt = [this](DispatchKey k) -> const KernelFunction* {
    const auto& list = kernels_[static_cast<std::size_t>(k)];
    return list.empty() ? nullptr : &list.front().kernel;
  };
  const auto backendOfHasKernel = [&](DispatchKey autogradKey) {
    for (std::size_t b = 1; b < kNumDispatchKeys; ++b) {
      const auto backend = static_cast<DispatchKey>(b);
      if (isBackendDispatchKey(backend) && getAutogradKeyFromBackend(backend) == autogradKey &&
          kernelAt(backend) != nullptr) {
        return true;
      }
    }
    return false;
  };
  static const KernelFunction ambiguous = KernelFunction::makeFromBoxedFunction<&ambiguousAutogradOtherKernel>();
  const KernelFunction* implicit = kernelAt(DispatchKey::CompositeImplicitAutograd);
  const KernelFunction* explicitKernel = kernelAt(DispatchKey::CompositeExplicitAutograd);
  const KernelFunction* autograd = kernelAt(DispatchKey::Autograd);
  DispatchKeySet keys;
  for (std::size_t k = 1; k < kNumDispatchKeys; ++k) {
    const auto key = static_cast<DispatchKey>(k);
    const bool backend = isBackendDispatchKey(key);
    const bool autogradKey = isAutogradDispatchKey(key);
    const KernelFunction* chosen = kernelAt(key);
    if (chosen == nullptr && backend) {
      chosen = explicitKernel;
    }
    if (chosen == nullptr && (backend || autogradKey) && implicit != nullptr) {
      const bool hasBackendKernel = autogradKey && (explicitKernel != nullptr || backendOfHasKernel(key));
      if (key == DispatchKey::AutogradOther && backendOfHasKernel(key)) {
        chosen = &ambiguous;
      } else if (!hasBackendKernel) {
        chosen = implicit;
      }
    }
    if (chosen == nullptr && autogradKey) {
      chosen = autograd;
    }
    if (chosen == nullptr && fallbacks[k].isValid()) {
      chosen = &fallbacks[k];
    }
    dispatchTable_[k] = chosen != nullptr ? *chosen : KernelFunction();
    if (dispatchTable_[k].isValid() && !dispatchTable_[k].isFallthrough()) {
      keys = keys.add(key);
    }
  }
  dispatchTable_[0] = explicitKernel != nullptr ? *explicitKernel : implicit != nullptr ? *implicit : KernelFunction();
  nonFallthroughKeys_ = keys;
}

} // namespace impl

// --- OperatorHandle ------------------------------------------------------------------

void OperatorHandle::checkTypedSignature(const std::type_info& requested, bool symInt) const {
  const std::type_info* registered = def_->entry.cppSignature(symInt);
  C10_DISPATCH_CHECK(registered == nullptr || *registered == requested,
                     "\nTried to access or call an operator with a wrong signature.\n  operator: ", schema(),
                     "\n  correct signature:  ", impl::demangle(registered->name()),
                     "\n  accessed/called as: ", impl::demangle(requested.name()),
                     "\ntyped<>() does not match the C++ signature of the registered unboxed kernel(s).");
}

void KernelFunction::fallthroughKernel(OperatorKernel* /*functor*/, const OperatorHandle& op, DispatchKeySet /*ks*/,
                                       torch::jit::Stack* /*stack*/) {
  C10_DISPATCH_FAIL(op.operator_name(), ": a fallthrough kernel was called directly; the dispatcher skips its key "
                    "(there is no kernel below it for this call)");
}

// --- Dispatcher ------------------------------------------------------------------------

Dispatcher& makeDispatcherWithAtenOperators() {
  static Dispatcher instance;
  impl::registerAtenOperators(instance);
  return instance;
}

Dispatcher& Dispatcher::singleton() {
  static Dispatcher& instance = makeDispatcherWithAtenOperators();
  return instance;
}

std::vector<OperatorName> Dispatcher::getRegistrationsForDispatchKey(c10::optional<DispatchKey> k) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<OperatorName> names;
  for (const OperatorDef& def : operators_) {
    if (!k.has_value() || def.entry.hasKernelForDispatchKey(*k)) {
      names.push_back(def.entry.operator_name());
    }
  }
  return names;
}

std::vector<OperatorHandle> Dispatcher::findDanglingImpls() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<OperatorHandle> dangling;
  for (OperatorDef& def : operators_) {
    if (!def.entry.hasSchema() && def.entry.hasAnyKernel()) {
      dangling.push_back(OperatorHandle(&def));
    }
  }
  return dangling;
}

RegistrationHandleRAII Dispatcher::addRegistrationListener(std::unique_ptr<OpRegistrationListener> listener) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (OperatorDef& def : operators_) {
    if (def.defCount > 0) {
      listener->onOperatorRegistered(OperatorHandle(&def));
    }
  }
  listeners_.push_back(std::move(listener));
  auto it = std::prev(listeners_.end());
  return RegistrationHandleRAII([this, it] {
    std::lock_guard<std::mutex> lock(mutex_);
    listeners_.erase(it);
  });
}

void Dispatcher::notifyListeners(bool registered, const OperatorDef& def) {
  const OperatorHandle op(const_cast<OperatorDef*>(&def));
  for (const auto& listener : listeners_) {
    if (registered) {
      listener->onOperatorRegistered(op);
    } else {
      listener->onOperatorDeregistered(op);
    }
  }
}

RegistrationHandleRAII Dispatcher::registerLibrary(std::string ns, std::string debug) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = libraries_.find(ns);
  C10_DISPATCH_CHECK(found == libraries_.end(), "Only a single TORCH_LIBRARY can be used to register the namespace ",
                     ns, "; please put all of your definitions in a single TORCH_LIBRARY block. If you were trying "
                     "to specify implementations, consider using TORCH_LIBRARY_IMPL (which can be duplicated). "
                     "Previous registration of TORCH_LIBRARY was ", found->second, "; latest registration was ", debug);
  const auto added = libraries_.emplace(std::move(ns), std::move(debug));
  return RegistrationHandleRAII([this, name = added.first->first] {
    std::lock_guard<std::mutex> lock(mutex_);
    libraries_.erase(name);
  });
}

c10::optional<OperatorHandle> Dispatcher::findSchema(const OperatorName& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = lookup_.find(name);
  if (it == lookup_.end() || !it->second->entry.hasSchema()) {
    return c10::nullopt;
  }
  return OperatorHandle(it->second);
}

c10::optional<OperatorHandle> Dispatcher::findOp(const OperatorName& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = lookup_.find(name);
  if (it == lookup_.end()) {
    return c10::nullopt;
  }
  return OperatorHandle(it->second);
}

OperatorHandle Dispatcher::findSchemaOrThrow(const char* name, const char* overload_name) {
  const OperatorName opName(name, overload_name);
  c10::optional<OperatorHandle> found = findSchema(opName);
  if (found.has_value()) {
    return *found;
  }
  std::vector<std::string> sameName;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const OperatorDef& def : operators_) {
      if (def.entry.hasSchema() && def.entry.operator_name().name == opName.name) {
        sameName.push_back(toString(def.entry.operator_name()));
      }
    }
  }
  std::ostringstream hint;
  for (const std::string& s : sameName) {
    hint << (hint.tellp() == 0 ? " (registered overloads: " : ", ") << s;
  }
  if (!sameName.empty()) {
    hint << ")";
  }
  throw c10::Error(c10::str("unknown operator ", opName, ": no schema registered under this name", hint.str()),
                   __FILE__, static_cast<std::uint32_t>(__LINE__), __func__);
}

std::vector<OperatorName> Dispatcher::getAllOpNames() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<OperatorName> names;
  for (const OperatorDef& def : operators_) {
    if (def.entry.hasSchema()) {
      names.push_back(def.entry.operator_name());
    }
  }
  return names;
}

Dispatcher::OperatorDef& Dispatcher::findOrCreate(const OperatorName& name) {
  auto it = lookup_.find(name);
  if (it != lookup_.end()) {
    return *it->second;
  }
  operators_.emplace_back(name);
  OperatorDef& def = operators_.back();
  def.entry.updateDispatchTable(fallbacks_);
  lookup_.emplace(name, &def);
  return def;
}

void Dispatcher::release(OperatorDef& def) {
  if (def.defAndImplCount != 0) {
    return;
  }
  lookup_.erase(def.entry.operator_name());
  operators_.remove_if([&def](const OperatorDef& d) { return &d == &def; });
}

RegistrationHandleRAII Dispatcher::registerDef(FunctionSchema schema) {
  std::lock_guard<std::mutex> lock(mutex_);
  const OperatorName name = schema.operator_name();
  OperatorDef& def = findOrCreate(name);
  impl::OperatorEntry& entry = def.entry;
  if (entry.schema_.has_value()) {
    C10_DISPATCH_CHECK(*entry.schema_ == schema, "operator ", name, " is already registered with the schema ", *entry.schema_,
                "; cannot register it again as ", schema);
  } else {
    // Unboxed kernels registered before the schema are checked now.
    for (const auto& perKey : entry.kernels_) {
      for (const auto& record : perKey) {
        if (record.kernel.signatureCheck() != nullptr) {
          record.kernel.signatureCheck()(schema, "the unboxed kernel");
        }
      }
    }
    entry.numArguments_ = schema.arguments().size();
    entry.numReturns_ = schema.returns().size();
    entry.schema_ = std::move(schema);
  }
  ++def.defCount;
  ++def.defAndImplCount;
  if (def.defCount == 1) {
    notifyListeners(true, def);
  }
  return RegistrationHandleRAII([this, name] { deregisterDef(name); });
}

void Dispatcher::deregisterDef(const OperatorName& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = lookup_.find(name);
  TORCH_INTERNAL_ASSERT(it != lookup_.end(), "deregistering unknown operator ", name);
  OperatorDef& def = *it->second;
  --def.defAndImplCount;
  if (--def.defCount == 0) {
    notifyListeners(false, def);
    def.entry.schema_.reset();
    def.entry.numArguments_ = 0;
    def.entry.numReturns_ = 0;
  }
  release(def);
}

RegistrationHandleRAII Dispatcher::registerImpl(const OperatorName& name, DispatchKey key, KernelFunction kernel) {
  C10_DISPATCH_CHECK(key != DispatchKey::Undefined && key != DispatchKey::EndOfKeys &&
                         static_cast<std::size_t>(key) < kNumDispatchKeysWithAliases, "registerImpl(", name,
              "): invalid dispatch key");
  C10_DISPATCH_CHECK(kernel.isValid(), "registerImpl(", name, "): empty kernel");
  std::lock_guard<std::mutex> lock(mutex_);
  OperatorDef& def = findOrCreate(name);
  impl::OperatorEntry& entry = def.entry;
  if (kernel.cppSignature() != nullptr) {
    // libtorch's order: the kernels' C++ signatures first, then the schema.
    // Kernels with SymInt types and those without each share one signature.
    const bool sym = kernel.hasSymIntSignature();
    const std::type_info*& signature = sym ? entry.symCppSignature_ : entry.cppSignature_;
    C10_DISPATCH_CHECK(signature == nullptr || *signature == *kernel.cppSignature(),
                       "\nMismatch in kernel C++ signatures\n  operator: ",
                       entry.schema_.has_value() ? c10::str(*entry.schema_) : toString(name),
                       "\n  kernel 1: ", impl::demangle(signature->name()),
                       "\n  kernel 2: ", impl::demangle(kernel.cppSignature()->name()),
                       "\n(an unboxed kernel with the C++ signature of kernel 2 cannot join kernels with that of kernel 1)");
    if (entry.schema_.has_value()) {
      kernel.signatureCheck()(*entry.schema_, "the unboxed kernel");
    }
    signature = kernel.cppSignature();
    ++(sym ? entry.symUnboxedKernelCount_ : entry.unboxedKernelCount_);
  }
  const std::size_t id = nextKernelId_++;
  auto& list = entry.kernels_[static_cast<std::size_t>(key)];
  list.push_front(impl::OperatorEntry::KernelRecord{std::move(kernel), id});
  entry.updateDispatchTable(fallbacks_);
  ++def.defAndImplCount;
  return RegistrationHandleRAII([this, name, key, id] { deregisterImpl(name, key, id); });
}

void Dispatcher::deregisterImpl(const OperatorName& name, DispatchKey key, std::size_t id) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = lookup_.find(name);
  TORCH_INTERNAL_ASSERT(it != lookup_.end(), "deregistering a kernel of unknown operator ", name);
  OperatorDef& def = *it->second;
  impl::OperatorEntry& entry = def.entry;
  auto& list = entry.kernels_[static_cast<std::size_t>(key)];
  auto record = std::find_if(list.begin(), list.end(), [id](const auto& r) { return r.id == id; });
  TORCH_INTERNAL_ASSERT(record != list.end(), "deregistering an unknown kernel of ", name);
  if (record->kernel.cppSignature() != nullptr) {
    const bool sym = record->kernel.hasSymIntSignature();
    if (--(sym ? entry.symUnboxedKernelCount_ : entry.unboxedKernelCount_) == 0) {
      (sym ? entry.symCppSignature_ : entry.cppSignature_) = nullptr;
    }
  }
  list.erase(record);
  entry.updateDispatchTable(fallbacks_);
  --def.defAndImplCount;
  release(def);
}

RegistrationHandleRAII Dispatcher::registerFallback(DispatchKey key, KernelFunction kernel, std::string debug) {
  // Where the fallback comes from, for the error a second one gets.
  const std::string where = debug.empty() ? std::string() : " (registering " + std::move(debug) + ")";
  C10_DISPATCH_CHECK(key != DispatchKey::Undefined && !isAliasDispatchKey(key) && key != DispatchKey::EndOfKeys,
                     "registerFallback: invalid dispatch key");
  C10_DISPATCH_CHECK(kernel.isValid() && !kernel.isValidUnboxed(), "registerFallback(", key,
              "): a fallback must be a boxed kernel (it serves every operator)");
  std::lock_guard<std::mutex> lock(mutex_);
  const auto k = static_cast<std::size_t>(key);
  C10_DISPATCH_CHECK(!fallbacks_[k].isValid(), "registerFallback: dispatch key ", key, " already has a fallback", where);
  fallbacks_[k] = std::move(kernel);
  for (OperatorDef& def : operators_) {
    def.entry.updateDispatchTable(fallbacks_);
  }
  return RegistrationHandleRAII([this, key] { deregisterFallback(key); });
}

void Dispatcher::deregisterFallback(DispatchKey key) {
  std::lock_guard<std::mutex> lock(mutex_);
  fallbacks_[static_cast<std::size_t>(key)] = KernelFunction();
  for (OperatorDef& def : operators_) {
    def.entry.updateDispatchTable(fallbacks_);
  }
}

} // namespace c10
