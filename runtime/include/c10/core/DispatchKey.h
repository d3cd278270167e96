// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <cstdint>
#include <ostream>

namespace c10 {

// The keys the dispatcher chooses a kernel by, lowest priority first: a call
// goes to the highest key present in its key set (DispatchKeySet.h). CPU is
// the only backend (every runtime tensor is a CPU tensor); the keys above it
// exist for boxed fallbacks that run before the kernel and then re-dispatch
// below themselves. Names are libtorch's where libtorch has the key; Profiler
// is the runtime's own (libtorch 1.13 profiles through RecordFunction).
enum class DispatchKey : std::uint8_t {
  Undefined = 0,
  // Backends: the runtime's tensors are CPU tensors; the others exist so that
  // kernels can be registered and selected for them (a tensor carries the
  // key it is given; there is no device code behind them).
  CPU,
  CUDA,
  XLA,
  Lazy,
  Meta,
  SparseCPU,
  FPGA,
  PrivateUse1,
  // Runs before the backend for every call (part of every thread's included
  // keys); falls through unless an operator has a kernel here, which then
  // picks the backend and re-dispatches below this key.
  BackendSelect,
  // Autograd keys, one per backend (AutogradOther for the rest). Nothing
  // in the runtime computes gradients; every operator falls through these
  // keys unless it has a kernel registered there.
  AutogradOther,
  AutogradCPU,
  AutogradCUDA,
  AutogradXLA,
  AutogradLazy,
  AutogradPrivateUse1,
  Tracer,
  Profiler,
  TESTING_ONLY_GenericWrapper,
  TESTING_ONLY_GenericMode,
  EndOfKeys,
  // Alias keys: a kernel registered at one of them is used for every key it
  // stands for that has no kernel of its own; calls never carry them.
  Autograd,
  CompositeImplicitAutograd,
  CompositeExplicitAutograd,

  // libtorch's older names for the same keys. CatchAll is a registration
  // without a key: the catch-all (CompositeImplicitAutograd) kernel.
  CatchAll = Undefined,
  CPUTensorId = CPU,
  CUDATensorId = CUDA,
};

constexpr std::size_t kNumDispatchKeys = static_cast<std::size_t>(DispatchKey::EndOfKeys);
// Runtime keys and alias keys (registration tables are indexed by both).
constexpr std::size_t kNumDispatchKeysWithAliases = static_cast<std::size_t>(DispatchKey::CompositeExplicitAutograd) + 1;

inline const char* toString(DispatchKey k) {
  switch (k) {
    case DispatchKey::Undefined:
      return "Undefined";
    case DispatchKey::CPU:
      return "CPU";
    case DispatchKey::CUDA:
      return "CUDA";
    case DispatchKey::XLA:
      return "XLA";
    case DispatchKey::Lazy:
      return "Lazy";
    case DispatchKey::Meta:
      return "Meta";
    case DispatchKey::SparseCPU:
      return "SparseCPU";
    case DispatchKey::FPGA:
      return "FPGA";
    case DispatchKey::PrivateUse1:
      return "PrivateUse1";
    case DispatchKey::BackendSelect:
      return "BackendSelect";
    case DispatchKey::AutogradOther:
      return "AutogradOther";
    case DispatchKey::AutogradCPU:
      return "AutogradCPU";
    case DispatchKey::AutogradCUDA:
      return "AutogradCUDA";
    case DispatchKey::AutogradXLA:
      return "AutogradXLA";
    case DispatchKey::AutogradLazy:
      return "AutogradLazy";
    case DispatchKey::AutogradPrivateUse1:
      return "AutogradPrivateUse1";
    case DispatchKey::Autograd:
      return "Autograd";
    case DispatchKey::CompositeImplicitAutograd:
      return "CompositeImplicitAutograd";
    case DispatchKey::CompositeExplicitAutograd:
      return "CompositeExplicitAutograd";
    case DispatchKey::Tracer:
      return "Tracer";
    case DispatchKey::Profiler:
      return "Profiler";
    case DispatchKey::TESTING_ONLY_GenericWrapper:
      return "TESTING_ONLY_GenericWrapper";
    case DispatchKey::TESTING_ONLY_GenericMode:
      return "TESTING_ONLY_GenericMode";
    case DispatchKey::EndOfKeys:
      break;
  }
  return "<invalid DispatchKey>";
}

constexpr bool isAliasDispatchKey(DispatchKey k) {
  return k > DispatchKey::EndOfKeys;
}
constexpr bool isBackendDispatchKey(DispatchKey k) {
  return k >= DispatchKey::CPU && k <= DispatchKey::PrivateUse1;
}
constexpr bool isAutogradDispatchKey(DispatchKey k) {
  return k >= DispatchKey::AutogradOther && k <= DispatchKey::AutogradPrivateUse1;
}

// The autograd key that goes with a backend key.
constexpr DispatchKey getAutogradKeyFromBackend(DispatchKey k) {
  switch (k) {
    case DispatchKey::CPU:
      return DispatchKey::AutogradCPU;
    case DispatchKey::CUDA:
      return DispatchKey::AutogradCUDA;
    case DispatchKey::XLA:
      return DispatchKey::AutogradXLA;
    case DispatchKey::Lazy:
      return DispatchKey::AutogradLazy;
    case DispatchKey::PrivateUse1:
      return DispatchKey::AutogradPrivateUse1;
    case DispatchKey::SparseCPU:
      return DispatchKey::AutogradCPU;
    default:
      return DispatchKey::AutogradOther;
  }
}

// libtorch names a backend by its bit in a key set (a sparse CPU tensor's
// backend is CPU); the runtime's backends are keys of their own, and a
// BackendComponent names the one whose autograd key a backend shares.
enum class BackendComponent : std::uint8_t {
  InvalidBit = 0,
  CPUBit,
  CUDABit,
  XLABit,
  LazyBit,
  MetaBit,
  PrivateUse1Bit,
};

constexpr BackendComponent toBackendComponent(DispatchKey k) {
  switch (k) {
    case DispatchKey::CPU:
    case DispatchKey::SparseCPU:
    case DispatchKey::AutogradCPU:
      return BackendComponent::CPUBit;
    case DispatchKey::CUDA:
    case DispatchKey::AutogradCUDA:
      return BackendComponent::CUDABit;
    case DispatchKey::XLA:
    case DispatchKey::AutogradXLA:
      return BackendComponent::XLABit;
    case DispatchKey::Lazy:
    case DispatchKey::AutogradLazy:
      return BackendComponent::LazyBit;
    case DispatchKey::Meta:
      return BackendComponent::MetaBit;
    case DispatchKey::PrivateUse1:
    case DispatchKey::AutogradPrivateUse1:
      return BackendComponent::PrivateUse1Bit;
    default:
      return BackendComponent::InvalidBit;
  }
}

constexpr DispatchKey getAutogradKeyFromBackend(BackendComponent b) {
  switch (b) {
    case BackendComponent::CPUBit:
      return DispatchKey::AutogradCPU;
    case BackendComponent::CUDABit:
      return DispatchKey::AutogradCUDA;
    case BackendComponent::XLABit:
      return DispatchKey::AutogradXLA;
    case BackendComponent::LazyBit:
      return DispatchKey::AutogradLazy;
    case BackendComponent::PrivateUse1Bit:
      return DispatchKey::AutogradPrivateUse1;
    default:
      return DispatchKey::AutogradOther;
  }
}

constexpr DispatchKey kAutograd = DispatchKey::Autograd;
constexpr DispatchKey kCompositeImplicitAutograd = DispatchKey::CompositeImplicitAutograd;
constexpr DispatchKey kCompositeExplicitAutograd = DispatchKey::CompositeExplicitAutograd;

inline std::ostream& operator<<(std::ostream& out, DispatchKey k) {
  return out << toString(k);
}

} // namespace c10

namespace at {
using c10::DispatchKey;
} // namespace at
