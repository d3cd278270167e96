//===- bench_main.h - the command line the benchmark programs share -------===//
//
// A benchmark program runs Google Benchmark, or, given
// --callgrind_case=a,b,c, runs each named case a fixed number of times
// (--callgrind_iterations=N) with callgrind's collection toggled around it:
// that is how scripts/run-benchmarks.py counts instructions per operation.
//
//===----------------------------------------------------------------------===//

#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace c10_bench {

struct CommandLine {
  /// The comma-separated callgrind cases; empty to run Google Benchmark.
  std::string callgrindCases;
  long callgrindIterations = 0;
  /// Everything else, for Google Benchmark (argv[0] first).
  std::vector<char*> rest;

  /// Whether \p flag was given; it is taken out of rest.
  bool takeFlag(const char* flag) {
    auto it = std::find_if(rest.begin(), rest.end(),
                           [flag](const char* arg) { return std::strcmp(arg, flag) == 0; });
    if (it == rest.end()) {
      return false;
    }
    rest.erase(it);
    return true;
  }
};

inline CommandLine parseCommandLine(int argc, char** argv, long defaultIterations) {
  static constexpr char kCase[] = "--callgrind_case=";
  static constexpr char kIterations[] = "--callgrind_iterations=";
  CommandLine line;
  line.callgrindIterations = defaultIterations;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], kCase, sizeof(kCase) - 1) == 0) {
      line.callgrindCases = argv[i] + sizeof(kCase) - 1;
    } else if (std::strncmp(argv[i], kIterations, sizeof(kIterations) - 1) == 0) {
      line.callgrindIterations = std::atol(argv[i] + sizeof(kIterations) - 1);
    } else {
      line.rest.push_back(argv[i]);
    }
  }
  return line;
}

/// Runs runOne(name, iterations) for each comma-separated case, one after
/// the other; the first non-zero status stops the run and is returned.
template <typename RunOne>
int runCallgrindCases(const std::string& names, long iterations, RunOne runOne) {
  std::size_t begin = 0;
  while (begin <= names.size()) {
    const std::size_t end = std::min(names.find(',', begin), names.size());
    if (const int rc = runOne(names.substr(begin, end - begin), iterations); rc != 0) {
      return rc;
    }
    begin = end + 1;
  }
  return 0;
}

/// Google Benchmark over what is left of the command line; an argument it
/// does not know is an error, not silently ignored.
inline int runGoogleBenchmark(std::vector<char*>& rest) {
  int argc = static_cast<int>(rest.size());
  benchmark::Initialize(&argc, rest.data());
  if (benchmark::ReportUnrecognizedArguments(argc, rest.data())) {
    return 1;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

} // namespace c10_bench
