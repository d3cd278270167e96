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
  CPU,
  Tracer,
  Profiler,
  TESTING_ONLY_GenericWrapper,
  TESTING_ONLY_GenericMode,
  EndOfKeys,
};

constexpr std::size_t kNumDispatchKeys = static_cast<std::size_t>(DispatchKey::EndOfKeys);

inline const char* toString(DispatchKey k) {
  switch (k) {
    case DispatchKey::Undefined:
      return "Undefined";
    case DispatchKey::CPU:
      return "CPU";
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

inline std::ostream& operator<<(std::ostream& out, DispatchKey k) {
  return out << toString(k);
}

} // namespace c10
