// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Cost of the owning IValue accessors against the borrowing ones: the figures
// docs/checks/c10-ivalue-ref-accessor.md quotes. Built against libtorch 1.13
// (and, once it has an IValue, against the reference runtime) from this one
// source. Each pair reads the same value the same way; the owning form adds an
// intrusive_ptr copy (atomic increment) and its destruction (atomic decrement).
// The Threads(2) variants read one shared IValue from two threads, so the
// refcount's cache line bounces between cores; the borrowing form only reads.
#include <ATen/core/ivalue.h>
#include <benchmark/benchmark.h>

namespace {

using c10::IValue;

const IValue &sharedString() {
  static const IValue Value(std::string("a string long enough to be heap-allocated"));
  return Value;
}
const IValue &sharedTuple() {
  static const IValue Value(c10::ivalue::Tuple::create(IValue(1), IValue(2.5), IValue("x")));
  return Value;
}
const IValue &sharedList() {
  static const IValue Value(c10::List<int64_t>({1, 2, 3, 4}));
  return Value;
}

void BM_toString(benchmark::State &State) {
  const IValue &V = sharedString();
  for (auto _ : State)
    benchmark::DoNotOptimize(V.toString()->string().size());
}
void BM_toStringRef(benchmark::State &State) {
  const IValue &V = sharedString();
  for (auto _ : State)
    benchmark::DoNotOptimize(V.toStringRef().size());
}
void BM_toTuple(benchmark::State &State) {
  const IValue &V = sharedTuple();
  for (auto _ : State)
    benchmark::DoNotOptimize(V.toTuple()->elements().size());
}
void BM_toTupleRef(benchmark::State &State) {
  const IValue &V = sharedTuple();
  for (auto _ : State)
    benchmark::DoNotOptimize(V.toTupleRef().elements().size());
}
void BM_toList(benchmark::State &State) {
  const IValue &V = sharedList();
  for (auto _ : State)
    benchmark::DoNotOptimize(V.toList().size());
}
void BM_toListRef(benchmark::State &State) {
  const IValue &V = sharedList();
  for (auto _ : State)
    benchmark::DoNotOptimize(V.toListRef().size());
}

} // namespace

BENCHMARK(BM_toString)->Threads(1)->Threads(2);
BENCHMARK(BM_toStringRef)->Threads(1)->Threads(2);
BENCHMARK(BM_toTuple)->Threads(1)->Threads(2);
BENCHMARK(BM_toTupleRef)->Threads(1)->Threads(2);
BENCHMARK(BM_toList)->Threads(1)->Threads(2);
BENCHMARK(BM_toListRef)->Threads(1)->Threads(2);
BENCHMARK_MAIN();
