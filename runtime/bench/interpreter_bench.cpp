// Time per run of examples/interpreter.cpp's program (21 instructions, 3
// boxed operator calls, tuple and int builtins), against the runtime and
// libtorch 1.13. It is meant to be rerun after applying c10-tidy's fix-its to
// the interpreter to show what they gain.

#define C10TIDY_INTERPRETER_NO_MAIN
// examples/ is on the include path (runtime/bench/CMakeLists.txt); the example
// stays one self-contained file with its own main().
#include "interpreter.cpp" // NOLINT(bugprone-suspicious-include)

#include <benchmark/benchmark.h>

namespace {

void BM_InterpreterRun(benchmark::State& state) {
  const c10::RegisterOperators ops = interp::registerOperators();
  const interp::Code code = interp::buildProgram();
  std::vector<c10::IValue> registers(code.registerCount);
  registers[0] = at::ones({4});
  registers[1] = at::full({4}, 2.0);
  registers[2] = at::full({4}, 1.0);
  torch::jit::Stack stack;
  c10::IValue result;
  for (auto _ : state) {
    result = interp::run(code, stack, registers);
    benchmark::DoNotOptimize(result);
  }
  const auto [total, n] = interp::readResult(result);
  if (total != 11.0 || n != 4) {
    state.SkipWithError("wrong result");
  }
}
BENCHMARK(BM_InterpreterRun);

} // namespace

BENCHMARK_MAIN();
