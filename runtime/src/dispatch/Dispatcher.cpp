// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <ATen/core/dispatch/Dispatcher.h>

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

__thread PODLocalDispatchKeySet raw_local_dispatch_key_set = {0, 0};

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

void OperatorEntry::reportNoKernel(DispatchKeySet ks) const {
  const DispatchKey key = ks.highestPriorityTypeId();
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

void OperatorEntry::reportReturnCount(std::size_t expected, std::size_t got) const {
  C10_DISPATCH_FAIL(schema(), ": after the call the stack holds ", got, " value(s), expected ", expected,
              " (the kernel must replace its ", numArguments_, " argument(s) with ", numReturns_, " return(s))");
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

// Per runtime key: its own kernel; for a backend key the
// CompositeExplicitAutograd, then the CompositeImplicitAutograd kernel; for an
// autograd key the CompositeImplicitAutograd kernel when the backend has no
// kernel of its own, then the Autograd kernel; then the key's fallback. A key
// with none of these is fallen through. A call without keys gets the
// composite kernel (table slot 0).
void OperatorEntry::updateDispatchTable(const std::array<KernelFunction, kNumDispatchKeys>& fallbacks) {
  const auto kernelAt = [this](DispatchKey k) -> const KernelFunction* {
    const auto& list = kernels_[static_cast<std::size_t>(k)];
    return list.empty() ? nullptr : &list.front().kernel;
  };
  const KernelFunction* implicit = kernelAt(DispatchKey::CompositeImplicitAutograd);
  const KernelFunction* explicitKernel = kernelAt(DispatchKey::CompositeExplicitAutograd);
  const KernelFunction* autograd = kernelAt(DispatchKey::Autograd);
  DispatchKeySet keys;
  for (std::size_t k = 1; k < kNumDispatchKeys; ++k) {
    const auto key = static_cast<DispatchKey>(k);
    const KernelFunction* chosen = kernelAt(key);
    if (chosen == nullptr && isBackendDispatchKey(key)) {
      chosen = explicitKernel != nullptr ? explicitKernel : implicit;
    }
    if (chosen == nullptr && isAutogradDispatchKey(key)) {
      bool backendHasKernel = explicitKernel != nullptr;
      for (std::size_t b = 1; b < kNumDispatchKeys; ++b) {
        const auto backend = static_cast<DispatchKey>(b);
        if (isBackendDispatchKey(backend) && getAutogradKeyFromBackend(backend) == key && kernelAt(backend) != nullptr) {
          backendHasKernel = true;
        }
      }
      chosen = implicit != nullptr && !backendHasKernel ? implicit : autograd;
    }
    dispatchTable_[k] = chosen != nullptr ? *chosen : fallbacks[k];
    if (dispatchTable_[k].isValid()) {
      keys = keys.add(key);
    }
  }
  dispatchTable_[0] = implicit != nullptr ? *implicit : explicitKernel != nullptr ? *explicitKernel : KernelFunction();
  nonFallthroughKeys_ = keys;
}

} // namespace impl

// --- OperatorHandle ------------------------------------------------------------------

void OperatorHandle::checkTypedSignature(const std::type_info& requested) const {
  const std::type_info* registered = def_->entry.cppSignature();
  C10_DISPATCH_CHECK(registered == nullptr || *registered == requested, schema(), ": typed<",
              impl::demangle(requested.name()), ">() does not match the C++ signature of the registered unboxed kernel(s), ",
              impl::demangle(registered->name()));
}

// --- Dispatcher ------------------------------------------------------------------------

Dispatcher& Dispatcher::singleton() {
  static Dispatcher instance;
  return instance;
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
  return RegistrationHandleRAII([this, name] { deregisterDef(name); });
}

void Dispatcher::deregisterDef(const OperatorName& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = lookup_.find(name);
  TORCH_INTERNAL_ASSERT(it != lookup_.end(), "deregistering unknown operator ", name);
  OperatorDef& def = *it->second;
  --def.defAndImplCount;
  if (--def.defCount == 0) {
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
    if (entry.schema_.has_value()) {
      kernel.signatureCheck()(*entry.schema_, "the unboxed kernel");
    }
    C10_DISPATCH_CHECK(entry.cppSignature_ == nullptr || *entry.cppSignature_ == *kernel.cppSignature(), "operator ", name,
                ": an unboxed kernel with the C++ signature ", impl::demangle(kernel.cppSignature()->name()),
                " cannot join kernels with the signature ", impl::demangle(entry.cppSignature_->name()));
    entry.cppSignature_ = kernel.cppSignature();
    ++entry.unboxedKernelCount_;
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
  if (record->kernel.cppSignature() != nullptr && --entry.unboxedKernelCount_ == 0) {
    entry.cppSignature_ = nullptr;
  }
  list.erase(record);
  entry.updateDispatchTable(fallbacks_);
  --def.defAndImplCount;
  release(def);
}

RegistrationHandleRAII Dispatcher::registerFallback(DispatchKey key, KernelFunction kernel) {
  C10_DISPATCH_CHECK(key != DispatchKey::Undefined && !isAliasDispatchKey(key) && key != DispatchKey::EndOfKeys,
                     "registerFallback: invalid dispatch key");
  C10_DISPATCH_CHECK(kernel.isValid() && !kernel.isValidUnboxed(), "registerFallback(", key,
              "): a fallback must be a boxed kernel (it serves every operator)");
  std::lock_guard<std::mutex> lock(mutex_);
  const auto k = static_cast<std::size_t>(key);
  C10_DISPATCH_CHECK(!fallbacks_[k].isValid(), "registerFallback: dispatch key ", key, " already has a fallback");
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
