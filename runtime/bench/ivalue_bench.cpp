// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// IValue costs, one source built against the reference runtime (8-byte
// IValue) and against libtorch 1.13 (16 bytes); scripts/run-benchmarks.py runs
// both and prints ours/libtorch. Cases: construct+destroy per kind, copying a
// Tensor IValue, the borrowing accessors in a loop, toString() vs
// toStringRef(), Tuple::create with 1/2/3/5 elements, and 1M mixed IValues
// pushed through and popped off a std::vector<IValue> (with its memory).
//
//   --callgrind_case=NAME[,NAME...] --callgrind_iterations=N
//       run one case N times with callgrind collection on only around the
//       loop (valgrind --tool=callgrind --collect-atstart=no), for
//       instruction counts; see scripts/run-benchmarks.py.
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#endif

namespace {

using c10::IValue;
using c10::ivalue::Tuple;

// Inputs are read from arrays indexed by the loop counter so that the compiler
// cannot fold construction and destruction away.
constexpr size_t kInputs = 1024;

struct Inputs {
  std::vector<int64_t> ints;
  std::vector<double> doubles;
  std::vector<std::string> strings;
  at::Tensor tensor = at::zeros({2});
  IValue tensorValue{at::zeros({2})};
  IValue stringValue{std::string("a string long enough to be heap-allocated")};
  IValue tupleValue{Tuple::create(IValue(1), IValue(2.5), IValue("x"))};
  std::vector<IValue> mixed; // the stack benchmark's source, 1M values

  Inputs() {
    std::mt19937_64 rng(1);
    for (size_t i = 0; i < kInputs; ++i) {
      ints.push_back(static_cast<int64_t>(rng() % 100000) - 50000);
      doubles.push_back(static_cast<double>(rng() % 100000) / 7.0);
      strings.push_back("s" + std::to_string(rng() % 1000)); // short: no buffer allocation
    }
  }

  void makeMixed() {
    if (!mixed.empty()) {
      return;
    }
    std::mt19937_64 rng(2);
    mixed.reserve(1 << 20);
    IValue str("shared string");
    for (size_t i = 0; i < (1 << 20); ++i) {
      switch (rng() % 10) {
        case 0:
        case 1:
        case 2:
        case 3:
          mixed.emplace_back(static_cast<int64_t>(rng() % 1000));
          break;
        case 4:
        case 5:
          mixed.emplace_back(static_cast<double>(rng() % 1000) / 3.0);
          break;
        case 6:
          mixed.emplace_back(rng() % 2 == 0);
          break;
        case 7:
          mixed.emplace_back();
          break;
        case 8:
          mixed.emplace_back(tensorValue);
          break;
        default:
          mixed.emplace_back(str);
          break;
      }
    }
  }
};

Inputs& inputs() {
  static Inputs in;
  return in;
}

// --- one operation each; the timed loops and callgrind run these ------------

inline void constructInt(size_t i) {
  IValue v(inputs().ints[i % kInputs]);
  benchmark::DoNotOptimize(v);
}
inline void constructDouble(size_t i) {
  IValue v(inputs().doubles[i % kInputs]);
  benchmark::DoNotOptimize(v);
}
inline void constructTensor(size_t /*i*/) {
  IValue v(inputs().tensor);
  benchmark::DoNotOptimize(v);
}
inline void constructString(size_t i) {
  IValue v(inputs().strings[i % kInputs]);
  benchmark::DoNotOptimize(v);
}
inline void copyTensorValue(size_t /*i*/) {
  IValue copy(inputs().tensorValue);
  benchmark::DoNotOptimize(copy);
}
inline void toTensor(size_t /*i*/) {
  const IValue& v = inputs().tensorValue;
  benchmark::DoNotOptimize(v.toTensor().unsafeGetTensorImpl());
}
inline void toTupleRef(size_t /*i*/) {
  const IValue& v = inputs().tupleValue;
  benchmark::DoNotOptimize(v.toTupleRef().elements().size());
}
inline void toStringRef(size_t /*i*/) {
  const IValue& v = inputs().stringValue;
  benchmark::DoNotOptimize(v.toStringRef().size());
}
inline void toString(size_t /*i*/) {
  const IValue& v = inputs().stringValue;
  benchmark::DoNotOptimize(v.toString()->string().size());
}
inline void tupleCreate1(size_t i) {
  auto t = Tuple::create(IValue(inputs().ints[i % kInputs]));
  benchmark::DoNotOptimize(t.get());
}
inline void tupleCreate2(size_t i) {
  const auto& in = inputs();
  auto t = Tuple::create(IValue(in.ints[i % kInputs]), IValue(in.doubles[i % kInputs]));
  benchmark::DoNotOptimize(t.get());
}
inline void tupleCreate3(size_t i) {
  const auto& in = inputs();
  auto t = Tuple::create(IValue(in.ints[i % kInputs]), IValue(in.doubles[i % kInputs]), IValue(true));
  benchmark::DoNotOptimize(t.get());
}
inline void tupleCreate5(size_t i) {
  const auto& in = inputs();
  auto t = Tuple::create(
      IValue(in.ints[i % kInputs]), IValue(in.doubles[i % kInputs]), IValue(true), IValue(),
      IValue(in.ints[(i + 1) % kInputs]));
  benchmark::DoNotOptimize(t.get());
}

// Pushes every mixed value (a copy) onto a stack, then pops them all.
void stackPushPop(std::vector<IValue>& stack) {
  const auto& mixed = inputs().mixed;
  for (const IValue& v : mixed) {
    stack.push_back(v);
  }
  while (!stack.empty()) {
    IValue top = std::move(stack.back());
    stack.pop_back();
    benchmark::DoNotOptimize(top);
  }
}

template <void (*Op)(size_t)>
void BM(benchmark::State& state) {
  inputs();
  size_t i = 0;
  for (auto _ : state) {
    Op(i++);
  }
}

BENCHMARK_TEMPLATE(BM, constructInt)->Name("BM_ConstructDestroy/Int");
BENCHMARK_TEMPLATE(BM, constructDouble)->Name("BM_ConstructDestroy/Double");
BENCHMARK_TEMPLATE(BM, constructTensor)->Name("BM_ConstructDestroy/Tensor");
BENCHMARK_TEMPLATE(BM, constructString)->Name("BM_ConstructDestroy/String");
BENCHMARK_TEMPLATE(BM, copyTensorValue)->Name("BM_CopyTensorIValue");
BENCHMARK_TEMPLATE(BM, toTensor)->Name("BM_Accessor/toTensor");
BENCHMARK_TEMPLATE(BM, toTupleRef)->Name("BM_Accessor/toTupleRef");
BENCHMARK_TEMPLATE(BM, toStringRef)->Name("BM_Accessor/toStringRef");
BENCHMARK_TEMPLATE(BM, toString)->Name("BM_Accessor/toString");
BENCHMARK_TEMPLATE(BM, tupleCreate1)->Name("BM_TupleCreate/1");
BENCHMARK_TEMPLATE(BM, tupleCreate2)->Name("BM_TupleCreate/2");
BENCHMARK_TEMPLATE(BM, tupleCreate3)->Name("BM_TupleCreate/3");
BENCHMARK_TEMPLATE(BM, tupleCreate5)->Name("BM_TupleCreate/5");

// Time per value pushed and popped; bytes_per_value is the stack's memory
// (capacity * sizeof(IValue) / values).
void BM_StackPushPop(benchmark::State& state) {
  inputs().makeMixed();
  std::vector<IValue> stack;
  stack.reserve(inputs().mixed.size());
  for (auto _ : state) {
    stackPushPop(stack);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * inputs().mixed.size()));
  state.counters["bytes_per_value"] =
      static_cast<double>(stack.capacity() * sizeof(IValue)) / static_cast<double>(inputs().mixed.size());
  state.counters["ns_per_value"] = benchmark::Counter(
      static_cast<double>(state.iterations() * inputs().mixed.size()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_StackPushPop)->Unit(benchmark::kMillisecond);

struct Case {
  const char* name;
  void (*op)(size_t);
};
const Case kCases[] = {
    {"construct_int", constructInt},   {"construct_double", constructDouble},
    {"construct_tensor", constructTensor}, {"construct_string", constructString},
    {"copy_tensor_ivalue", copyTensorValue}, {"toTensor", toTensor},
    {"toTupleRef", toTupleRef},       {"toStringRef", toStringRef},
    {"toString", toString},           {"tuple_create_1", tupleCreate1},
    {"tuple_create_2", tupleCreate2}, {"tuple_create_3", tupleCreate3},
    {"tuple_create_5", tupleCreate5},
};

// Not inlined: scripts/run-benchmarks.py runs several cases in one process
// and has callgrind dump the counts after each call (--dump-after).
__attribute__((noinline)) int runCallgrindCase(const std::string& name, long iterations) {
  inputs();
  if (name == "stack_push_pop") {
    // `iterations` values pushed and popped (a prefix of the mixed source).
    inputs().makeMixed();
    std::vector<IValue> stack;
    stack.reserve(inputs().mixed.size());
    const auto& mixed = inputs().mixed;
    const size_t n = std::min<size_t>(static_cast<size_t>(iterations), mixed.size());
    CALLGRIND_TOGGLE_COLLECT;
    for (size_t k = 0; k < n; ++k) {
      stack.push_back(mixed[k]);
    }
    while (!stack.empty()) {
      IValue top = std::move(stack.back());
      stack.pop_back();
      benchmark::DoNotOptimize(top);
    }
    CALLGRIND_TOGGLE_COLLECT;
    return 0;
  }
  for (const Case& c : kCases) {
    if (name == c.name) {
      CALLGRIND_TOGGLE_COLLECT;
      for (long i = 0; i < iterations; ++i) {
        c.op(static_cast<size_t>(i));
      }
      CALLGRIND_TOGGLE_COLLECT;
      return 0;
    }
  }
  std::fprintf(stderr, "unknown --callgrind_case=%s\n", name.c_str());
  return 2;
}

// --callgrind_case=a,b,c runs the cases one after the other.
int runCallgrindCases(const std::string& names, long iterations) {
  std::size_t begin = 0;
  while (begin <= names.size()) {
    const std::size_t end = std::min(names.find(',', begin), names.size());
    if (const int rc = runCallgrindCase(names.substr(begin, end - begin), iterations); rc != 0) {
      return rc;
    }
    begin = end + 1;
  }
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  std::string callgrindCase;
  long callgrindIterations = 100000;
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
  // A process that once had a second thread, as every PyTorch process has.
  std::thread([] {}).join();
  if (!callgrindCase.empty()) {
    return runCallgrindCases(callgrindCase, callgrindIterations);
  }
  int restArgc = static_cast<int>(rest.size());
  benchmark::Initialize(&restArgc, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
