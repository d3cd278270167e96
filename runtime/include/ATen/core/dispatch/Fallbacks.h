// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Two boxed fallbacks that serve every operator: they run before the kernel,
// then re-dispatch below their own key (docs/runtime-dispatch.md).
//
//   auto profiling = c10::impl::registerProfilerFallback();   // once per process
//   {
//     c10::impl::CallProfiler profiler;   // this thread's calls now go through it
//     ...
//     profiler.stats();                   // calls and inclusive time per operator
//   }
//
// c10::impl::Tracer / registerTracerFallback() record each call's operator,
// inputs and outputs the same way.

#include <ATen/core/dispatch/Dispatcher.h>
#include <c10/core/impl/LocalDispatchKeySet.h>

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace c10 {
namespace impl {

struct OperatorStats {
  std::uint64_t calls = 0;
  std::uint64_t nanoseconds = 0; // inclusive: the kernel and everything below
};

// Registers the fallback for DispatchKey::Profiler.
RegistrationHandleRAII registerProfilerFallback();

// While alive, includes DispatchKey::Profiler for this thread and receives
// its calls (the innermost live profiler of the thread does).
class CallProfiler final {
 public:
  CallProfiler();
  CallProfiler(const CallProfiler&) = delete;
  CallProfiler& operator=(const CallProfiler&) = delete;
  ~CallProfiler();

  // Per operator ("ns::name" or "ns::name.overload").
  std::map<std::string, OperatorStats> stats() const;
  std::uint64_t totalCalls() const { return totalCalls_; }

 private:
  friend void profilingFallback(const OperatorHandle& op, DispatchKeySet ks, torch::jit::Stack* stack);
  struct Record {
    OperatorName name;
    OperatorStats stats;
  };
  IncludeDispatchKeyGuard include_;
  CallProfiler* previous_;
  std::unordered_map<const FunctionSchema*, Record> records_;
  std::uint64_t totalCalls_ = 0;
};

void profilingFallback(const OperatorHandle& op, DispatchKeySet ks, torch::jit::Stack* stack);

// One traced call: inputs as the kernel saw them, outputs as it left them.
struct TracedCall {
  OperatorName op;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
};

// A readable summary of a value: "Tensor(Float, [2, 3])", "1", "None", ...
std::string describeForTrace(const IValue& v);

// Registers the fallback for DispatchKey::Tracer.
RegistrationHandleRAII registerTracerFallback();

class Tracer final {
 public:
  Tracer();
  Tracer(const Tracer&) = delete;
  Tracer& operator=(const Tracer&) = delete;
  ~Tracer();

  const std::vector<TracedCall>& calls() const { return calls_; }

 private:
  friend void tracingFallback(const OperatorHandle& op, DispatchKeySet ks, torch::jit::Stack* stack);
  IncludeDispatchKeyGuard include_;
  Tracer* previous_;
  std::vector<TracedCall> calls_;
};

void tracingFallback(const OperatorHandle& op, DispatchKeySet ks, torch::jit::Stack* stack);

} // namespace impl
} // namespace c10
