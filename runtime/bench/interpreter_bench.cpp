// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Time per run of examples/interpreter.cpp's program (21 instructions, 3
// boxed operator calls, tuple and int builtins), against the runtime and
// libtorch 1.13. It is meant to be rerun after applying c10-tidy's fix-its to
// the interpreter to show what they gain.
//
//   interpreter_bench_<impl> --callgrind_case=run --callgrind_iterations=N
//       runs the program N times with callgrind collection on only around
//       that loop (valgrind --tool=callgrind --collect-atstart=no), for
//       scripts/run-benchmarks.py's instruction counts.

#define C10TIDY_INTERPRETER_NO_MAIN
// examples/ is on the include path (runtime/bench/CMakeLists.txt); the example
// stays one self-contained file with its own main().
#include "interpreter.cpp" // NOLINT(bugprone-suspicious-include)

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#endif

namespace {

// The program with its operators registered and its input registers set.
struct Setup {
  Setup() : ops(interp::registerOperators()), code(interp::buildProgram()),
            registers(code.registerCount) {
    registers[0] = at::ones({4});
    registers[1] = at::full({4}, 2.0);
    registers[2] = at::full({4}, 1.0);
  }
  bool rightResult(const c10::IValue& result) const {
    const auto [total, n] = interp::readResult(result);
    return total == 11.0 && n == 4;
  }
  const c10::RegisterOperators ops;
  const interp::Code code;
  std::vector<c10::IValue> registers;
  torch::jit::Stack stack;
};

void BM_InterpreterRun(benchmark::State& state) {
  Setup s;
  c10::IValue result;
  for (auto _ : state) {
    result = interp::run(s.code, s.stack, s.registers);
    benchmark::DoNotOptimize(result);
  }
  if (!s.rightResult(result)) {
    state.SkipWithError("wrong result");
  }
}
BENCHMARK(BM_InterpreterRun);

int runCallgrindCase(const std::string& name, long iterations) {
  if (name != "run") {
    std::fprintf(stderr, "unknown --callgrind_case=%s\n", name.c_str());
    return 2;
  }
  Setup s;
  c10::IValue result;
  CALLGRIND_TOGGLE_COLLECT;
  for (long i = 0; i < iterations; ++i) {
    result = interp::run(s.code, s.stack, s.registers);
    benchmark::DoNotOptimize(result);
  }
  CALLGRIND_TOGGLE_COLLECT;
  return s.rightResult(result) ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
  std::string callgrindCase;
  long callgrindIterations = 10000;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--callgrind_case=", 17) == 0) {
      callgrindCase = argv[i] + 17;
    } else if (std::strncmp(argv[i], "--callgrind_iterations=", 23) == 0) {
      callgrindIterations = std::atol(argv[i] + 23);
    } else {
      rest.push_back(argv[i]);
    }
  }
  if (!callgrindCase.empty()) {
    return runCallgrindCase(callgrindCase, callgrindIterations);
  }
  int restArgc = static_cast<int>(rest.size());
  benchmark::Initialize(&restArgc, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
