// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <ATen/core/dispatch/Fallbacks.h>

#include <chrono>
#include <sstream>
#include <utility>

namespace c10 {
namespace impl {
namespace {

thread_local CallProfiler* currentProfiler = nullptr;
thread_local Tracer* currentTracer = nullptr;

} // namespace

CallProfiler::CallProfiler() : include_(DispatchKey::Profiler), previous_(currentProfiler) {
  currentProfiler = this;
}

CallProfiler::~CallProfiler() {
  currentProfiler = previous_;
}

std::map<std::string, OperatorStats> CallProfiler::stats() const {
  std::map<std::string, OperatorStats> out;
  for (const auto& entry : records_) {
    OperatorStats& s = out[toString(entry.second.name)];
    s.calls += entry.second.stats.calls;
    s.nanoseconds += entry.second.stats.nanoseconds;
  }
  return out;
}

void profilingFallback(const OperatorHandle& op, DispatchKeySet ks, torch::jit::Stack* stack) {
  CallProfiler* profiler = currentProfiler;
  const DispatchKeySet below = ks & DispatchKeySet(DispatchKeySet::FULL_AFTER, DispatchKey::Profiler);
  if (profiler == nullptr) {
    // The key was included without a profiler on this thread: just pass on.
    op.redispatchBoxed(below, stack);
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  op.redispatchBoxed(below, stack);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  auto it = profiler->records_.find(&op.schema());
  if (it == profiler->records_.end()) {
    it = profiler->records_.emplace(&op.schema(), CallProfiler::Record{op.operator_name(), {}}).first;
  }
  ++it->second.stats.calls;
  it->second.stats.nanoseconds +=
      static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count());
  ++profiler->totalCalls_;
}

RegistrationHandleRAII registerProfilerFallback() {
  return Dispatcher::singleton().registerFallback(DispatchKey::Profiler,
                                                  KernelFunction::makeFromBoxedFunction<&profilingFallback>());
}

std::string describeForTrace(const IValue& v) {
  std::ostringstream out;
  if (v.isTensor()) {
    const at::Tensor& t = v.toTensor();
    if (!t.defined()) {
      return "Tensor(undefined)";
    }
    out << "Tensor(" << t.scalar_type() << ", [";
    for (size_t i = 0; i < t.sizes().size(); ++i) {
      out << (i == 0 ? "" : ", ") << t.sizes()[i];
    }
    out << "])";
    return out.str();
  }
  if (v.isList()) {
    out << '[';
    bool first = true;
    for (const IValue& e : v.toListRef()) {
      out << (first ? "" : ", ") << describeForTrace(e);
      first = false;
    }
    out << ']';
    return out.str();
  }
  out << v;
  return out.str();
}

Tracer::Tracer() : include_(DispatchKey::Tracer), previous_(currentTracer) {
  currentTracer = this;
}

Tracer::~Tracer() {
  currentTracer = previous_;
}

void tracingFallback(const OperatorHandle& op, DispatchKeySet ks, torch::jit::Stack* stack) {
  Tracer* tracer = currentTracer;
  const DispatchKeySet below = ks & DispatchKeySet(DispatchKeySet::FULL_AFTER, DispatchKey::Tracer);
  if (tracer == nullptr) {
    op.redispatchBoxed(below, stack);
    return;
  }
  TracedCall call;
  call.op = op.operator_name();
  for (const IValue& v : torch::jit::last(*stack, op.schema().arguments().size())) {
    call.inputs.push_back(describeForTrace(v));
  }
  op.redispatchBoxed(below, stack);
  for (const IValue& v : torch::jit::last(*stack, op.schema().returns().size())) {
    call.outputs.push_back(describeForTrace(v));
  }
  tracer->calls_.push_back(std::move(call));
}

RegistrationHandleRAII registerTracerFallback() {
  return Dispatcher::singleton().registerFallback(DispatchKey::Tracer,
                                                  KernelFunction::makeFromBoxedFunction<&tracingFallback>());
}

} // namespace impl
} // namespace c10
