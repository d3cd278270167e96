// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The cost that c10-tuple-create-init-list reports: Tuple::create({a, b, c})
// copies every element out of a const std::initializer_list and then again
// into the tuple; Tuple::create(a, b, c) copies each once (the by-value
// parameter) and moves it in; with std::move on a dead local, none is copied.
// Built against the reference runtime and libtorch 1.13 (CMakeLists.txt's
// check_*_bench.cpp glob); docs/checks/c10-tuple-create-init-list.md quotes it.
//
// Each pair differs only in the spelling the check rewrites. The per-case
// functions are noinline so that callgrind can count their instructions:
//   valgrind --tool=callgrind --toggle-collect='*tupleCreate*' ./bench --benchmark_filter=...
#include <ATen/core/ivalue.h>
#include <benchmark/benchmark.h>
#include <string>
#include <utility>
#include <vector>

namespace {
using c10::IValue;
using c10::ivalue::Tuple;
using TuplePtr = c10::intrusive_ptr<Tuple>;

struct Elements {
  IValue A, B, C, D;
};

// Three ints, or three heap-allocated (refcounted) strings.
Elements ints() { return {IValue(1), IValue(2), IValue(3), IValue(4)}; }
Elements strings() {
  return {IValue(std::string("a string long enough to be on the heap, 1")),
          IValue(std::string("a string long enough to be on the heap, 2")),
          IValue(std::string("a string long enough to be on the heap, 3")),
          IValue(std::string("a string long enough to be on the heap, 4"))};
}

// Elements that stay alive after the call (lvalues the caller keeps).
__attribute__((noinline)) TuplePtr tupleCreateBraced3(const Elements &E) {
  return Tuple::create({E.A, E.B, E.C});
}
__attribute__((noinline)) TuplePtr tupleCreateVector3(const Elements &E) {
  return Tuple::create(std::vector<IValue>{E.A, E.B, E.C});
}
__attribute__((noinline)) TuplePtr tupleCreateArgs3(const Elements &E) {
  return Tuple::create(E.A, E.B, E.C);
}

// Elements that are locals dead after the call: the fix-it adds std::move.
// The copy into the locals is the same in every variant.
__attribute__((noinline)) TuplePtr tupleCreateBracedLocals3(const Elements &E) {
  IValue a = E.A, b = E.B, c = E.C;
  return Tuple::create({a, b, c});
}
__attribute__((noinline)) TuplePtr tupleCreateMovedLocals3(const Elements &E) {
  IValue a = E.A, b = E.B, c = E.C;
  return Tuple::create(std::move(a), std::move(b), std::move(c));
}

// Four elements (no 4-argument overload): the braced list against the
// std::vector built with reserve() and moves that the warning suggests.
__attribute__((noinline)) TuplePtr tupleCreateBracedLocals4(const Elements &E) {
  IValue a = E.A, b = E.B, c = E.C, d = E.D;
  return Tuple::create({a, b, c, d});
}
__attribute__((noinline)) TuplePtr tupleCreateVectorMoved4(const Elements &E) {
  IValue a = E.A, b = E.B, c = E.C, d = E.D;
  std::vector<IValue> v;
  v.reserve(4);
  v.emplace_back(std::move(a));
  v.emplace_back(std::move(b));
  v.emplace_back(std::move(c));
  v.emplace_back(std::move(d));
  return Tuple::create(std::move(v));
}

template <TuplePtr (*Create)(const Elements &), Elements (*Make)()>
void run(benchmark::State &State) {
  const Elements E = Make();
  for (auto _ : State) {
    TuplePtr T = Create(E);
    benchmark::DoNotOptimize(T.get());
  }
}

#define C10TIDY_PAIR(Fn)                                                                     \
  BENCHMARK_TEMPLATE(run, Fn, ints)->Name("ints/" #Fn);                                      \
  BENCHMARK_TEMPLATE(run, Fn, strings)->Name("strings/" #Fn);
C10TIDY_PAIR(tupleCreateBraced3)
C10TIDY_PAIR(tupleCreateVector3)
C10TIDY_PAIR(tupleCreateArgs3)
C10TIDY_PAIR(tupleCreateBracedLocals3)
C10TIDY_PAIR(tupleCreateMovedLocals3)
C10TIDY_PAIR(tupleCreateBracedLocals4)
C10TIDY_PAIR(tupleCreateVectorMoved4)
#undef C10TIDY_PAIR
} // namespace

BENCHMARK_MAIN();
