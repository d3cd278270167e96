#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Long fuzzing of the reference runtime (CI runs each fuzzer for about a minute):
# builds the libFuzzer targets with ASan+UBSan and runs every `fuzz` ctest for
# FUZZ_SECONDS each (default 1800).
#   scripts/fuzz-long.sh            FUZZ_SECONDS=7200 scripts/fuzz-long.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build/fuzz-long}
bash "$root/scripts/bootstrap.sh" 19
cmake -S "$root" -B "$build" -G Ninja -DC10TIDY_BUILD_CHECKS=OFF -DC10TIDY_BUILD_RUNTIME_TESTS=OFF \
  -DC10TIDY_BUILD_FUZZERS=ON -DC10TIDY_FUZZ_SECONDS="${FUZZ_SECONDS:-1800}" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DC10TIDY_SANITIZER="address;undefined" \
  -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_C_COMPILER=clang-19 >/dev/null
cmake --build "$build" -j "${JOBS:-2}"
cd "$build" && ctest -L fuzz --output-on-failure --timeout 0
