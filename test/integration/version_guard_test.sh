#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# A plugin loaded into a clang-tidy of another LLVM major version must stop with
# one clear message naming both versions and a non-zero exit, in both directions
# (without the guard: a silent no-op one way, "symbol lookup error" the other).
#
#   version_guard_test.sh MAJOR_A PLUGIN_A MAJOR_B PLUGIN_B SOURCE
set -u
major_a=$1 plugin_a=$2 major_b=$3 plugin_b=$4 source=$5
failures=0

expect_refusal() { # built_for loaded_into plugin
  local built=$1 host=$2 plugin=$3 out rc
  out=$(clang-tidy-"$host" -load "$plugin" --checks='-*,c10-*' "$source" -- 2>&1)
  rc=$?
  local want="error: the c10-tidy plugin was built for LLVM $built but was loaded into a tool from LLVM $host"
  if [ "$rc" -eq 0 ] || ! grep -qF "$want" <<<"$out" || [ "$(grep -c error <<<"$out")" -ne 1 ]; then
    echo "FAIL: LLVM $built plugin in clang-tidy-$host: exit $rc, output:"; echo "$out"
    failures=$((failures + 1))
  else
    echo "ok: LLVM $built plugin in clang-tidy-$host refused (exit $rc): $out"
  fi
}

expect_accepted() { # built_for plugin
  local built=$1 plugin=$2 out
  if out=$(clang-tidy-"$built" -load "$plugin" --list-checks --checks='-*,c10-*' 2>&1) &&
     grep -q c10-ivalue-ref-accessor <<<"$out"; then
    echo "ok: LLVM $built plugin in clang-tidy-$built lists its checks"
  else
    echo "FAIL: LLVM $built plugin in clang-tidy-$built: $out"; failures=$((failures + 1))
  fi
}

expect_accepted "$major_a" "$plugin_a"
expect_accepted "$major_b" "$plugin_b"
expect_refusal "$major_a" "$major_b" "$plugin_a"
expect_refusal "$major_b" "$major_a" "$plugin_b"
echo "version guard: $failures failure(s)"
[ "$failures" -eq 0 ]
