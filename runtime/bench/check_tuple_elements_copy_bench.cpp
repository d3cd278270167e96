// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The cost of a c10-tuple-elements-copy finding: a tuple's elements copied into
// a std::vector (one allocation, one refcount increment and decrement per
// refcounted element) against reading them through `const TupleElements&`.
// docs/checks/c10-tuple-elements-copy.md quotes the medians.
//
//   check_tuple_elements_copy_bench_libtorch --benchmark_repetitions=9
//   valgrind --tool=callgrind --toggle-collect='*loop_*' \
//     check_tuple_elements_copy_bench_libtorch --instructions
//
// With --instructions the program runs each loop_* function kCalls times
// instead of the benchmarks, so that callgrind's per-function instruction
// counts divided by kCalls give the instructions per call.
#include <ATen/core/ivalue.h>
#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace {
using c10::IValue;
using c10::intrusive_ptr;
using c10::ivalue::Tuple;

// Three heap strings (each a refcounted ConstantString): the case the check is about.
intrusive_ptr<Tuple> threeStrings() {
  return Tuple::create(IValue(std::string("the first string, long enough to be on the heap")),
                       IValue(std::string("the second string, long enough to be on the heap")),
                       IValue(std::string("the third string, long enough to be on the heap")));
}

// Three ints: no refcounts, the copy costs the vector allocation only.
intrusive_ptr<Tuple> threeInts() {
  return Tuple::create(IValue(1), IValue(2), IValue(3));
}

// Eight strings: above three the elements live in a std::vector.
intrusive_ptr<Tuple> eightStrings() {
  std::vector<IValue> values;
  for (int i = 0; i < 8; ++i)
    values.emplace_back(std::string("an element string, long enough to be on the heap #") +
                        std::to_string(i));
  return Tuple::create(std::move(values));
}

// Each pair reads the same thing: the size and the last element's tag.
// `std::vector<IValue> e = t->elements();` -- the finding.
__attribute__((noinline)) bool readCopy(const intrusive_ptr<Tuple> &t) {
  std::vector<IValue> e = t->elements(); // NOLINT(c10-tuple-elements-copy): measured
  return e.size() == 3 && e.back().isString();
}
// `const auto& e = t->elements();` -- the fix-it.
__attribute__((noinline)) bool readReference(const intrusive_ptr<Tuple> &t) {
  const auto &e = t->elements();
  return e.size() == 3 && e.back().isString();
}
// `t->elements().vec()[0]` against `t->elements()[0]`.
__attribute__((noinline)) bool indexVec(const intrusive_ptr<Tuple> &t) {
  return t->elements().vec()[0].isString(); // NOLINT(c10-tuple-elements-copy): measured
}
__attribute__((noinline)) bool indexDirect(const intrusive_ptr<Tuple> &t) {
  return t->elements()[0].isString();
}
// `IValue x = std::move(t->elements()[0]);` copies one element: a refcount
// pair, no allocation. It is the cost of the copy the std::move was meant to
// avoid; indexDirect above is the borrowing read to compare it with.
__attribute__((noinline)) bool moveConstElement(const intrusive_ptr<Tuple> &t) {
  IValue x = std::move(t->elements()[0]); // NOLINT(c10-tuple-elements-copy): measured
  return x.isString();
}

template <bool (*Read)(const intrusive_ptr<Tuple> &), intrusive_ptr<Tuple> (*Make)()>
void BM(benchmark::State &state) {
  const intrusive_ptr<Tuple> t = Make();
  for (auto _ : state)
    benchmark::DoNotOptimize(Read(t));
}

BENCHMARK_TEMPLATE(BM, readCopy, threeStrings)->Name("copy_to_vector/3_strings");
BENCHMARK_TEMPLATE(BM, readReference, threeStrings)->Name("by_reference/3_strings");
BENCHMARK_TEMPLATE(BM, readCopy, threeInts)->Name("copy_to_vector/3_ints");
BENCHMARK_TEMPLATE(BM, readReference, threeInts)->Name("by_reference/3_ints");
BENCHMARK_TEMPLATE(BM, readCopy, eightStrings)->Name("copy_to_vector/8_strings");
BENCHMARK_TEMPLATE(BM, readReference, eightStrings)->Name("by_reference/8_strings");
BENCHMARK_TEMPLATE(BM, indexVec, threeStrings)->Name("vec_index/3_strings");
BENCHMARK_TEMPLATE(BM, indexDirect, threeStrings)->Name("direct_index/3_strings");
BENCHMARK_TEMPLATE(BM, moveConstElement, threeStrings)->Name("move_const_element/3_strings");

constexpr int kCalls = 100000;
volatile bool Sink;

#define C10TIDY_LOOP(Read)                                                                \
  __attribute__((noinline)) void loop_##Read(const intrusive_ptr<Tuple> &t) {            \
    for (int i = 0; i < kCalls; ++i)                                                     \
      Sink = Read(t);                                                                    \
  }
C10TIDY_LOOP(readCopy)
C10TIDY_LOOP(readReference)
C10TIDY_LOOP(indexVec)
C10TIDY_LOOP(indexDirect)
C10TIDY_LOOP(moveConstElement)
#undef C10TIDY_LOOP

int instructions() {
  const intrusive_ptr<Tuple> t = threeStrings();
  loop_readCopy(t);
  loop_readReference(t);
  loop_indexVec(t);
  loop_indexDirect(t);
  loop_moveConstElement(t);
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
