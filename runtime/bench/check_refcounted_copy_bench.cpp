// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The cost of a c10-refcounted-copy finding: a Tensor, IValue or
// intrusive_ptr copied out of a borrowed reference and only read, against a
// const reference to the same thing. The copy is one atomic increment and one
// atomic decrement (for an IValue also a tag test on copy and destruction);
// the reference is a load. docs/checks/c10-refcounted-copy.md quotes the
// medians.
//
//   check_refcounted_copy_bench_libtorch --benchmark_repetitions=9
//   valgrind --tool=callgrind --toggle-collect='*loop_*' \
//     check_refcounted_copy_bench_libtorch --instructions
//
// With --instructions the program runs each loop_* function kCalls times
// instead of the benchmarks, so that callgrind's per-function instruction
// counts divided by kCalls give the instructions per call.
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <benchmark/benchmark.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {
using c10::IValue;
using c10::intrusive_ptr;
using c10::ivalue::Tuple;

// A model's output: (logits, lengths), as an inference server receives it.
const IValue &modelOutput() {
  static const IValue Output(Tuple::create(IValue(at::ones({2, 3})), IValue(int64_t{7})));
  return Output;
}

struct Config {
  intrusive_ptr<Tuple> meta = Tuple::create(IValue(1), IValue(2), IValue(3));
  at::Tensor bias = at::ones({3});
  std::vector<at::Tensor> states{at::ones({2}), at::ones({2, 2}), at::ones({3}), at::ones({1})};
};
const Config &sharedConfig() {
  static const Config C;
  return C;
}

// Each pair reads the same thing; the first is the finding, the second its fix.
// `at::Tensor logits = out.toTupleRef().elements()[0].toTensor();`
__attribute__((noinline)) int64_t tensorCopy(const IValue &out) {
  at::Tensor logits = out.toTupleRef().elements()[0].toTensor(); // NOLINT(c10-refcounted-copy): measured
  return logits.dim();
}
__attribute__((noinline)) int64_t tensorReference(const IValue &out) {
  const at::Tensor &logits = out.toTupleRef().elements()[0].toTensor();
  return logits.dim();
}
// `IValue first = out.toTupleRef().elements()[0];` (an IValue holding a tensor)
__attribute__((noinline)) int64_t ivalueCopy(const IValue &out) {
  IValue first = out.toTupleRef().elements()[0]; // NOLINT(c10-refcounted-copy): measured
  return first.isTensor() ? 1 : 0;
}
__attribute__((noinline)) int64_t ivalueReference(const IValue &out) {
  const IValue &first = out.toTupleRef().elements()[0];
  return first.isTensor() ? 1 : 0;
}
// `auto meta = config.meta;` (an intrusive_ptr member through a const reference)
__attribute__((noinline)) int64_t pointerCopy(const Config &config) {
  auto meta = config.meta; // NOLINT(c10-refcounted-copy): measured
  return static_cast<int64_t>(meta->elements().size());
}
__attribute__((noinline)) int64_t pointerReference(const Config &config) {
  const auto &meta = config.meta;
  return static_cast<int64_t>(meta->elements().size());
}

// `std::vector<at::Tensor> states = config.states;` (four tensors), then iterated
__attribute__((noinline)) int64_t vectorCopy(const Config &config) {
  std::vector<at::Tensor> states = config.states; // NOLINT(c10-refcounted-copy): measured
  int64_t dims = 0;
  for (const at::Tensor &t : states)
    dims += t.dim();
  return dims;
}
__attribute__((noinline)) int64_t vectorReference(const Config &config) {
  const std::vector<at::Tensor> &states = config.states;
  int64_t dims = 0;
  for (const at::Tensor &t : states)
    dims += t.dim();
  return dims;
}

template <int64_t (*Read)(const IValue &)> void BM_Output(benchmark::State &state) {
  const IValue &out = modelOutput();
  for (auto _ : state)
    benchmark::DoNotOptimize(Read(out));
}
template <int64_t (*Read)(const Config &)> void BM_Config(benchmark::State &state) {
  const Config &config = sharedConfig();
  for (auto _ : state)
    benchmark::DoNotOptimize(Read(config));
}

BENCHMARK_TEMPLATE(BM_Output, tensorCopy)->Name("tensor/copy");
BENCHMARK_TEMPLATE(BM_Output, tensorReference)->Name("tensor/reference");
BENCHMARK_TEMPLATE(BM_Output, ivalueCopy)->Name("ivalue/copy");
BENCHMARK_TEMPLATE(BM_Output, ivalueReference)->Name("ivalue/reference");
BENCHMARK_TEMPLATE(BM_Config, pointerCopy)->Name("intrusive_ptr/copy");
BENCHMARK_TEMPLATE(BM_Config, pointerReference)->Name("intrusive_ptr/reference");
BENCHMARK_TEMPLATE(BM_Config, vectorCopy)->Name("vector_of_4_tensors/copy");
BENCHMARK_TEMPLATE(BM_Config, vectorReference)->Name("vector_of_4_tensors/reference");
// Two threads reading one shared output (a server's worker threads): the
// refcount's cache line moves between the cores on every copy.
BENCHMARK_TEMPLATE(BM_Output, tensorCopy)->Name("tensor/copy/2_threads")->Threads(2);
BENCHMARK_TEMPLATE(BM_Output, tensorReference)->Name("tensor/reference/2_threads")->Threads(2);

constexpr int kCalls = 100000;
volatile int64_t Sink;

#define C10TIDY_LOOP(Read, Arg)                                                           \
  __attribute__((noinline)) void loop_##Read(const Arg &a) {                             \
    for (int i = 0; i < kCalls; ++i)                                                     \
      Sink = Read(a);                                                                    \
  }
C10TIDY_LOOP(tensorCopy, IValue)
C10TIDY_LOOP(tensorReference, IValue)
C10TIDY_LOOP(ivalueCopy, IValue)
C10TIDY_LOOP(ivalueReference, IValue)
C10TIDY_LOOP(pointerCopy, Config)
C10TIDY_LOOP(pointerReference, Config)
C10TIDY_LOOP(vectorCopy, Config)
C10TIDY_LOOP(vectorReference, Config)
#undef C10TIDY_LOOP

int instructions() {
  loop_tensorCopy(modelOutput());
  loop_tensorReference(modelOutput());
  loop_ivalueCopy(modelOutput());
  loop_ivalueReference(modelOutput());
  loop_pointerCopy(sharedConfig());
  loop_pointerReference(sharedConfig());
  loop_vectorCopy(sharedConfig());
  loop_vectorReference(sharedConfig());
  std::printf("calls per loop: %d\n", kCalls);
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  if (argc == 2 && std::strcmp(argv[1], "--instructions") == 0)
    return instructions();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
