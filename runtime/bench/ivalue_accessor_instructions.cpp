// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Instruction counts for the accessor pairs of ivalue_accessor_bench.cpp, for
// valgrind --tool=callgrind, which counts instructions repeatably where wall
// time on a shared machine wobbles. Each loop_* function runs its accessor
// kCalls times; scripts/run-benchmarks.py collects each function on its own
// (--toggle-collect) and divides by kCalls.
#include <ATen/core/ivalue.h>
#include <cstdio>

namespace {
using c10::IValue;
constexpr int kCalls = 100000;
volatile size_t Sink;

#define C10TIDY_LOOP(Name, Expr)                                                         \
  __attribute__((noinline)) void loop_##Name(const IValue &V) {                          \
    for (int I = 0; I < kCalls; ++I)                                                     \
      Sink = (Expr);                                                                     \
  }
C10TIDY_LOOP(toString, V.toString()->string().size())
C10TIDY_LOOP(toStringRef, V.toStringRef().size())
C10TIDY_LOOP(toTuple, V.toTuple()->elements().size())
C10TIDY_LOOP(toTupleRef, V.toTupleRef().elements().size())
C10TIDY_LOOP(toList, V.toList().size())
C10TIDY_LOOP(toListRef, V.toListRef().size())
#undef C10TIDY_LOOP
} // namespace

int main() {
  const IValue String(std::string("a string long enough to be heap-allocated"));
  const IValue Tuple(c10::ivalue::Tuple::create(IValue(1), IValue(2.5), IValue("x")));
  const IValue List(c10::List<int64_t>({1, 2, 3, 4}));
  loop_toString(String);
  loop_toStringRef(String);
  loop_toTuple(Tuple);
  loop_toTupleRef(Tuple);
  loop_toList(List);
  loop_toListRef(List);
  std::printf("calls per loop: %d\n", kCalls);
}
