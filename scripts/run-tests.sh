#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# README command 2: installs what is missing, builds and runs the whole test
# suite through ctest, and exits non-zero if any stage fails. CI runs exactly
# this. Stages (each timed):
#   llvm-19, llvm-22  plugin + c10-clangd + c10-tidy; LSP tests, version guard
#                     (22 build, both directions). llvm-19: lit against
#                     libtorch 1.13 and the reference runtime, the fix-it round
#                     trips and their execution under sanitizers
#                     (semantics-execution), lints
#                     five PyTorch JIT files of 1.13 and of 2.6
#                     (lint-pytorch-short, -short-26). llvm-22: lit against
#                     libtorch 2.6's headers (lit-libtorch26), the same
#                     warnings and fixed texts as 19's on every program
#                     (semantics-same-fixes), the dogfood lint. Each part
#                     that needs a Debian package SKIPPED when it cannot be
#                     fetched. With one version, its stage runs all of it.
#   install-19, install-22  (labels install, package, hooks) on the tools the
#                     stage before built: cmake --install and the CMake package,
#                     the .deb (side by side with the other major's, in 22),
#                     the pre-commit hook and the CI recipes
#   runtime-debug     the reference runtime's unit tests, Debug, built by the
#                     default compiler (g++); the benchmark programs are compiled
#                     here too (not run: scripts/run-benchmarks.py runs them, Release)
#   asan-ubsan        the same tests under AddressSanitizer + UndefinedBehaviorSanitizer
#                     (clang), and PyTorch 1.13.1's and 2.6.0's own unit tests built
#                     against the runtime (labels conformance, conformance26; fetched
#                     by scripts/pytorch-source.sh and scripts/libtorch26.sh, SKIPPED
#                     when unavailable; objects cached in
#                     ~/.cache/c10-tidy/conformance-objects). They run once: the
#                     sanitized Debug build checks all that an unsanitized one would.
#   tsan-stress       the thread stress tests under ThreadSanitizer (about half a minute)
#   fuzz-smoke        the libFuzzer targets for a bounded time (about half a minute)
# Environment: C10TIDY_LLVM_VERSIONS (default "19 22"), C10TIDY_JOBS (default 2),
# C10TIDY_FUZZ_SECONDS and C10TIDY_STRESS_SECONDS (default 30 each; scripts/fuzz-long.sh fuzzes long),
# C10TIDY_TEST_SYSTEM_INSTALL=1 (as root: also apt-get install and purge the .debs).
set -uo pipefail
cd "$(dirname "$0")/.."
read -r -a versions <<<"${C10TIDY_LLVM_VERSIONS:-19 22}"
jobs=${C10TIDY_JOBS:-2}
sanitizer_cxx=clang++-${versions[0]}
sanitizer_cc=clang-${versions[0]}

bash scripts/bootstrap.sh "${versions[@]}" || exit 1

# The PyTorch sources and libtorch 2.6's headers that tests read come from apt
# downloads: fetched in the background while the first stage compiles. Each
# script holds a lock while it fetches, so a test that needs one sooner waits
# for it; one that cannot be had is SKIPPED by its test, as before.
mkdir -p build
(bash scripts/pytorch-source.sh; bash scripts/libtorch26.sh; bash scripts/libtorch26.sh --source) \
  >build/prefetch.log 2>&1 &

failed=()
summary=()
stage() { # name command...
  local name=$1 start=$SECONDS status
  shift
  echo
  echo "==================== stage $name ===================="
  if "$@"; then status=passed; else status=FAILED; failed+=("$name"); fi
  summary+=("$(printf '%-14s %-7s %5d s' "$name" "$status" $((SECONDS - start)))")
  echo "==================== stage $name: $status in $((SECONDS - start)) s"
}

build_and_test() { # build-dir [--target T]... ctest-args -- cmake-args...
  local dir=$1; shift
  local targets=() ctest_args=()
  while [ "$1" = "--target" ]; do targets+=(--target "$2"); shift 2; done
  while [ "$1" != "--" ]; do ctest_args+=("$1"); shift; done
  shift
  cmake -S . -B "$dir" -G Ninja "$@" >"$dir.configure.log" 2>&1 ||
    { cat "$dir.configure.log"; return 1; }
  cmake --build "$dir" -j "$jobs" "${targets[@]}" || return 1
  run_ctest "$dir.ctest.log" "$dir" "${ctest_args[@]}"
}

run_ctest() { # log-file build-dir ctest-args...
  local log=$1 dir=$2; shift 2
  (cd "$dir" && ctest --output-on-failure --no-tests=error "$@") 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  robustness_figures "$dir/Testing/Temporary/LastTest.log"
  # "N% tests passed, F tests failed out of T": add this run to the totals.
  local counts
  counts=$(sed -nE 's/.*tests passed, ([0-9]+) tests? failed out of ([0-9]+).*/\1 \2/p' "$log")
  if [ -n "$counts" ]; then
    read -r f t <<<"$counts"
    total_failed=$((total_failed + f)) total_passed=$((total_passed + t - f))
  fi
  return "$rc"
}
# ctest shows a passing test's output only in its log: print the robustness
# harnesses' closing figures (ratios, latencies, counts) from it, so that the CI
# log records what each run measured.
robustness_figures() { # LastTest.log
  [ -f "$1" ] || return 0
  awk '/^[0-9]+\/[0-9]+ Test: / { name = $3 }
       name ~ /^robustness-/ && /^(scale|ratio on\/off|instructions at|c10 checks|mutation fuzz:|header sweep:|edit storm|config errors:)/ {
         print name ": " $0 }' "$1"
}
total_passed=0 total_failed=0

previous_plugin="" previous_version=""
for v in "${versions[@]}"; do
  extra=()
  if [ "$v" = "${versions[0]}" ]; then
    # The runtime's unit tests are built and run in the runtime stages below.
    extra+=(-DC10TIDY_BUILD_RUNTIME_TESTS=OFF
            -DC10TIDY_INSTALL_UNVERSIONED_NAMES=ON -DC10TIDY_ALL_FIXES_ROUNDTRIP=ON
            -DC10TIDY_ROBUSTNESS_PRIMARY=ON
            -DC10TIDY_REPORT_TESTS=ON -DC10TIDY_LINT_PYTORCH_SHORT=ON)
    # The lit tests against libtorch 2.6 run in the other major's stage.
    [ ${#versions[@]} -eq 1 ] && extra+=(-DC10TIDY_LIT_LIBTORCH26=ON)
  else
    # The other major runs what can differ between versions and is not run
    # twice: lit against libtorch 2.6 (the first major runs 1.13 and the
    # reference runtime), LSP, the version guard and semantics-same-fixes
    # (identical warnings and fixed texts on every program and example against
    # 1.13, so their round trips need not run twice).
    extra+=(-DC10TIDY_BUILD_RUNTIME_TESTS=OFF -DC10TIDY_BUILD_RUNTIME_LIBRARIES=OFF
            -DC10TIDY_FIX_ROUNDTRIP=OFF -DC10TIDY_LIT_LIBTORCH=OFF -DC10TIDY_LIT_REFERENCE=OFF
            -DC10TIDY_LIT_LIBTORCH26=ON)
  fi
  # The dogfood lint runs once, in the last version's stage, over the first
  # build's compile database (and the runtime tests' commands, which it
  # configures itself: test/integration/dogfood_lint.sh).
  [ "$v" = "${versions[-1]}" ] &&
    extra+=(-DC10TIDY_DOGFOOD_LINT=ON -DC10TIDY_DOGFOOD_COMPILE_DB="$PWD/build/llvm-${versions[0]}")
  [ -n "$previous_plugin" ] &&
    extra+=(-DC10TIDY_OTHER_PLUGIN="$previous_plugin" -DC10TIDY_OTHER_LLVM_VERSION="$previous_version")
  # Tests that use both cores themselves (lit, the dogfood lint) declare PROCESSORS 2,
  # so ctest -j runs them alone and the single-process tests two at a time.
  stage "llvm-$v" build_and_test "build/llvm-$v" -j "$jobs" -LE "stress|fuzz|install|package|hooks|long" -- \
    -DC10TIDY_LLVM_VERSION="$v" -DCMAKE_BUILD_TYPE=Release "${extra[@]}"
  # Mostly one process at a time each: two tests at once use both cores.
  stage "install-$v" run_ctest "build/llvm-$v.install.log" "build/llvm-$v" -j "$jobs" \
    -L "install|package|hooks"
  previous_plugin=$PWD/build/llvm-$v/checks/libC10Tidy.so previous_version=$v
done

runtime_only=(-DC10TIDY_BUILD_CHECKS=OFF)
stage runtime-debug build_and_test build/runtime-debug -L "runtime|libtorch" -j "$jobs" -- \
  "${runtime_only[@]}" -DCMAKE_BUILD_TYPE=Debug -DC10TIDY_BUILD_BENCHMARKS=ON
stage asan-ubsan build_and_test build/asan-ubsan -L "runtime|^conformance$|^conformance26$" -j "$jobs" -- \
  "${runtime_only[@]}" -DCMAKE_BUILD_TYPE=Debug -DC10TIDY_SANITIZER="address;undefined" -DC10TIDY_BUILD_CONFORMANCE=ON \
  -DCMAKE_CXX_COMPILER="$sanitizer_cxx" -DCMAKE_C_COMPILER="$sanitizer_cc"
# Only the stress test runs under ThreadSanitizer: only it is built.
stage tsan-stress build_and_test build/tsan --target runtime_stress_test -L stress -- \
  "${runtime_only[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DC10TIDY_SANITIZER=thread \
  -DC10TIDY_STRESS_SECONDS="${C10TIDY_STRESS_SECONDS:-30}" -DC10TIDY_STRESS_ROUNDS=100000000 \
  -DCMAKE_CXX_COMPILER="$sanitizer_cxx" -DCMAKE_C_COMPILER="$sanitizer_cc"
# The two fuzzers are single-threaded: one per core.
stage fuzz-smoke build_and_test build/fuzz -L fuzz -j "$jobs" -- \
  "${runtime_only[@]}" -DC10TIDY_BUILD_RUNTIME_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DC10TIDY_BUILD_FUZZERS=ON -DC10TIDY_FUZZ_SECONDS="${C10TIDY_FUZZ_SECONDS:-30}" \
  -DCMAKE_CXX_COMPILER="$sanitizer_cxx" -DCMAKE_C_COMPILER="$sanitizer_cc"

echo
echo "==================== summary ===================="
printf '%s\n' "${summary[@]}"
# One closing line over every ctest run above (skipped tests count as passed, as in ctest).
echo "tests: $total_passed passed, $total_failed failed"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED stages: ${failed[*]}"
  exit 1
fi
echo "all stages passed"
