#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Lints the project's own C++ with the repository's .clang-tidy (c10-* and a
# set of upstream checks) through run-clang-tidy over the build's compile
# database, and requires zero findings.
#
#   dogfood_lint.sh LLVM_MAJOR PLUGIN BUILD_DIR SOURCE_DIR
set -uo pipefail
major=$1 plugin=$2 build=$3 src=$4
out=$(mktemp)
# Our own sources only: not the test inputs or examples, which have findings on purpose.
run-clang-tidy-"$major" -quiet -j 2 -load "$plugin" -p "$build" \
  "^$src/(checks|runtime)/.*\.(cpp|cc)$" > "$out" 2>&1
rc=$?
findings=$(grep -cE "(warning|error): .*\[[a-z0-9.-]+(,[a-z0-9.-]+)*\]$" "$out")
if [ "$rc" -ne 0 ] || [ "$findings" -ne 0 ]; then
  grep -E -A4 "(warning|error):" "$out" | head -200
  echo "dogfood lint: $findings finding(s), run-clang-tidy exit $rc"
  exit 1
fi
units=$(python3 -c "import json, re, sys
print(len({e['file'] for e in json.load(open(sys.argv[1]))
           if re.match(sys.argv[2], e['file'])}))" "$build/compile_commands.json" "^$src/(checks|runtime)/.*[.](cpp|cc)$")
echo "dogfood lint: 0 findings in $units translation units"
