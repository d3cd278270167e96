// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a copy at a handle's last use costs against a move: the figures
// docs/checks/c10-intrusive-ptr-move.md quotes. One source, built against
// libtorch 1.13 and the reference runtime (runtime/bench/CMakeLists.txt).
//
// Each pair does the same work; the Copy form copies where the check's fix-it
// moves. Every handle points to one shared object, as the outputs of one model
// or the constants of one graph do, so the Threads(2) runs show what the
// extra atomic read-modify-writes cost when the refcount's cache line is
// shared by two cores.
//
//   check_intrusive_ptr_move_bench_libtorch --benchmark_repetitions=9
//   valgrind --tool=callgrind --toggle-collect='*loop_*' \
//     check_intrusive_ptr_move_bench_libtorch --instructions
// The second form runs each loop_* function kCalls times for repeatable
// instruction counts (callgrind_annotate, divide by kCalls).
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

namespace {

using c10::IValue;
using Stack = std::vector<IValue>;

const IValue &sharedTuple() {
  static const IValue Value(c10::ivalue::Tuple::create(IValue(1), IValue(2.5)));
  return Value;
}
const at::Tensor &sharedTensor() {
  static const at::Tensor Value = at::empty({4});
  return Value;
}

__attribute__((noinline)) void sinkStack(Stack S) { benchmark::DoNotOptimize(S.data()); }

// `out.push_back(v)` with `v` dead afterwards (an inference loop collecting
// outputs). The copy adds an increment, and the decrement of `v`'s destructor.
__attribute__((noinline)) void loop_push_copy(Stack &Out, const IValue &Shared) {
  IValue V = Shared;
  Out.push_back(V); // NOLINT(c10-intrusive-ptr-move): the copy is what is measured
  Out.pop_back();
}
__attribute__((noinline)) void loop_push_move(Stack &Out, const IValue &Shared) {
  IValue V = Shared;
  Out.push_back(std::move(V));
  Out.pop_back();
}

// `auto x = stack.back(); stack.pop_back();` (an interpreter popping an
// operand) against `auto x = std::move(stack.back());`.
__attribute__((noinline)) void loop_pop_copy(Stack &S) {
  IValue X = S.back(); // NOLINT(c10-intrusive-ptr-move): the copy is what is measured
  S.pop_back();
  S.push_back(std::move(X));
}
__attribute__((noinline)) void loop_pop_move(Stack &S) {
  IValue X = std::move(S.back());
  S.pop_back();
  S.push_back(std::move(X));
}

// An IValue built from a tensor that is not used again.
__attribute__((noinline)) void loop_box_copy(const at::Tensor &Shared) {
  at::Tensor T = Shared;
  IValue V = T; // NOLINT(c10-intrusive-ptr-move): the copy is what is measured
  benchmark::DoNotOptimize(V.isTensor());
}
__attribute__((noinline)) void loop_box_move(const at::Tensor &Shared) {
  at::Tensor T = Shared;
  IValue V = std::move(T);
  benchmark::DoNotOptimize(V.isTensor());
}

// A Stack of 8 passed by value at its last use: an allocation and 8
// increments and decrements, against three pointer stores.
__attribute__((noinline)) void loop_stack_copy(Stack &S) {
  Stack Local = S;
  sinkStack(Local); // NOLINT(c10-intrusive-ptr-move): the copy is what is measured
}
__attribute__((noinline)) void loop_stack_move(Stack &S) {
  Stack Local = S;
  sinkStack(std::move(Local));
}

Stack eightHandles() { return Stack(8, sharedTuple()); }

void BM_PushCopy(benchmark::State &State) {
  Stack Out;
  Out.reserve(1);
  for (auto _ : State)
    loop_push_copy(Out, sharedTuple());
}
void BM_PushMove(benchmark::State &State) {
  Stack Out;
  Out.reserve(1);
  for (auto _ : State)
    loop_push_move(Out, sharedTuple());
}
void BM_PopCopy(benchmark::State &State) {
  Stack S{sharedTuple()};
  for (auto _ : State)
    loop_pop_copy(S);
}
void BM_PopMove(benchmark::State &State) {
  Stack S{sharedTuple()};
  for (auto _ : State)
    loop_pop_move(S);
}
void BM_BoxTensorCopy(benchmark::State &State) {
  for (auto _ : State)
    loop_box_copy(sharedTensor());
}
void BM_BoxTensorMove(benchmark::State &State) {
  for (auto _ : State)
    loop_box_move(sharedTensor());
}
void BM_StackCopy(benchmark::State &State) {
  Stack S = eightHandles();
  for (auto _ : State)
    loop_stack_copy(S);
}
void BM_StackMove(benchmark::State &State) {
  Stack S = eightHandles();
  for (auto _ : State)
    loop_stack_move(S);
}

int instructions() {
  constexpr int kCalls = 100000;
  Stack Out;
  Out.reserve(1);
  Stack One{sharedTuple()};
  Stack Eight = eightHandles();
  for (int I = 0; I < kCalls; ++I)
    loop_push_copy(Out, sharedTuple());
  for (int I = 0; I < kCalls; ++I)
    loop_push_move(Out, sharedTuple());
  for (int I = 0; I < kCalls; ++I)
    loop_pop_copy(One);
  for (int I = 0; I < kCalls; ++I)
    loop_pop_move(One);
  for (int I = 0; I < kCalls; ++I)
    loop_box_copy(sharedTensor());
  for (int I = 0; I < kCalls; ++I)
    loop_box_move(sharedTensor());
  for (int I = 0; I < kCalls; ++I)
    loop_stack_copy(Eight);
  for (int I = 0; I < kCalls; ++I)
    loop_stack_move(Eight);
  std::printf("calls per loop: %d\n", kCalls);
  return 0;
}

} // namespace

BENCHMARK(BM_PushCopy)->Threads(1)->Threads(2);
BENCHMARK(BM_PushMove)->Threads(1)->Threads(2);
BENCHMARK(BM_PopCopy)->Threads(1)->Threads(2);
BENCHMARK(BM_PopMove)->Threads(1)->Threads(2);
BENCHMARK(BM_BoxTensorCopy)->Threads(1)->Threads(2);
BENCHMARK(BM_BoxTensorMove)->Threads(1)->Threads(2);
BENCHMARK(BM_StackCopy);
BENCHMARK(BM_StackMove);

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "--instructions") == 0)
    return instructions();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
