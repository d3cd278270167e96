// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Time per chunk of examples/streaming_decoder.cpp, built as written and
// after `c10-tidy -fix` (the build makes the fixed copy with the tool and puts
// the directory holding one or the other first on the include path). One
// iteration decodes one 16-chunk utterance from a fresh state; every worker
// thread decodes its own utterance with the model and settings shared.
// scripts/make-payoff-doc runs it through scripts/run-benchmarks.py and
// writes docs/payoff.md.
//
//   --callgrind_case=decode --callgrind_iterations=N
//       decode N utterances with callgrind collection on only around the loop
//   --count_rmw (a C10_RUNTIME_COUNT_RMW build of the runtime)
//       print the atomic refcount read-modify-writes per chunk and exit
#define C10TIDY_STREAMING_DECODER_NO_MAIN
#include "streaming_decoder.cpp" // NOLINT(bugprone-suspicious-include)

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#endif

namespace {

constexpr int64_t kChunks = 16;

const decoder::Model& sharedModel() {
  static const decoder::Model model;
  return model;
}

const c10::IValue& sharedSettings() {
  static const c10::IValue settings = decoder::settings();
  return settings;
}

// One utterance from a fresh state; the tokens are checked after timing.
void decodeOnce(decoder::Utterance& u) {
  u.state = decoder::initialState();
  u.tokens.clear();
  decoder::decode(sharedModel(), sharedSettings(), u);
}

void BM_StreamingDecoder(benchmark::State& state) {
  decoder::Utterance u = decoder::makeUtterance(state.thread_index(), kChunks);
  for (auto _ : state) {
    decodeOnce(u);
    benchmark::DoNotOptimize(u.tokens.data());
  }
  state.counters["chunks_per_iteration"] = benchmark::Counter(static_cast<double>(kChunks), benchmark::Counter::kAvgThreads);
  if (u.tokens.empty()) {
    state.SkipWithError("no tokens decoded");
  }
}
BENCHMARK(BM_StreamingDecoder)->UseRealTime()->Name("StreamingDecoder/1_thread");
// One worker per core, each with its own utterance, sharing the model.
BENCHMARK(BM_StreamingDecoder)
    ->UseRealTime()
    ->Threads(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())))
    ->Name("StreamingDecoder/all_cores");

int countRmw() {
#if defined(C10_RUNTIME_COUNT_RMW)
  decoder::Utterance u = decoder::makeUtterance(0, kChunks);
  decodeOnce(u); // warm: the first call registers and caches
  const uint64_t before = c10::detail::atomic_rmw_count;
  constexpr int kUtterances = 100;
  for (int i = 0; i < kUtterances; ++i) {
    decodeOnce(u);
  }
  const uint64_t rmw = c10::detail::atomic_rmw_count - before;
  std::printf("{\"atomic_rmw_per_chunk\": %.3f}\n",
              static_cast<double>(rmw) / static_cast<double>(kUtterances * kChunks));
  return 0;
#else
  std::fprintf(stderr, "--count_rmw needs a C10_RUNTIME_COUNT_RMW build of the runtime\n");
  return 2;
#endif
}

int callgrindDecode(long iterations) {
  decoder::Utterance u = decoder::makeUtterance(0, kChunks);
  decodeOnce(u);
  CALLGRIND_TOGGLE_COLLECT;
  for (long i = 0; i < iterations; ++i) {
    decodeOnce(u);
  }
  CALLGRIND_TOGGLE_COLLECT;
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  std::string callgrindCase;
  long callgrindIterations = 1000;
  bool rmw = false;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--callgrind_case=", 17) == 0) {
      callgrindCase = argv[i] + 17;
    } else if (std::strncmp(argv[i], "--callgrind_iterations=", 23) == 0) {
      callgrindIterations = std::atol(argv[i] + 23);
    } else if (std::strcmp(argv[i], "--count_rmw") == 0) {
      rmw = true;
    } else {
      rest.push_back(argv[i]);
    }
  }
  if (rmw) {
    return countRmw();
  }
  if (!callgrindCase.empty()) {
    if (callgrindCase != "decode") {
      std::fprintf(stderr, "unknown --callgrind_case=%s\n", callgrindCase.c_str());
      return 2;
    }
    return callgrindDecode(callgrindIterations);
  }
  int restArgc = static_cast<int>(rest.size());
  benchmark::Initialize(&restArgc, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
