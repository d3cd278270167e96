#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# README command 1: installs what is missing, builds everything (the plugin,
# c10-clangd, the standalone c10-tidy) and lints the bundled examples/ program,
# printing the findings and then the code with every fix-it applied.
#
#   scripts/lint-examples.sh            # LLVM 19 (C10TIDY_LLVM_VERSION=22 for 22)
set -euo pipefail
cd "$(dirname "$0")/.."
llvm=${C10TIDY_LLVM_VERSION:-19}
build=build/llvm-$llvm

bash scripts/bootstrap.sh "$llvm"
cmake -S . -B "$build" -G Ninja -DC10TIDY_LLVM_VERSION="$llvm" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "${C10TIDY_JOBS:-2}"

plugin="$build/checks/libC10Tidy.so"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for example in examples/*.cpp; do
  echo
  echo "===== c10-tidy findings in $example ====="
  clang-tidy-"$llvm" -load "$plugin" --config="{Checks: '-*,c10-*'}" "$example" \
    -- -std=c++17 -Wno-deprecated-declarations 2>/dev/null || true
  cp "$example" "$work/$(basename "$example")"
  clang-tidy-"$llvm" -load "$plugin" --config="{Checks: '-*,c10-*'}" -fix --quiet \
    "$work/$(basename "$example")" -- -std=c++17 -Wno-deprecated-declarations >/dev/null 2>&1 || true
  echo
  echo "===== $example with the fix-its applied (diff) ====="
  diff -u "$example" "$work/$(basename "$example")" || true
done
echo
echo "Run it yourself:  clang-tidy-$llvm -load $plugin --checks='-*,c10-*' FILE -- FLAGS"
echo "             or:  $build/checks/tools/c10-tidy --checks='-*,c10-*' FILE -- FLAGS"
