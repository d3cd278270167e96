#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Lints the project's own C++ with the repository's .clang-tidy (c10-* and a
# set of upstream checks) through run-clang-tidy over the build's compile
# database, and requires zero findings.
#
#   dogfood_lint.sh LLVM_MAJOR PLUGIN BUILD_DIR SOURCE_DIR
#
# BUILD_DIR's compile database gives the checks' and the runtime's sources as
# that build compiles them. The runtime's unit tests are built and run in the
# runtime stages, not in the checks' builds: their compile commands come from
# a tree that is only configured (Release, the default compiler), and the two
# databases are joined, BUILD_DIR's entry winning for a file in both. The
# build's precompiled header (a forced -include of CMake's cmake_pch.hxx) is
# left out: each source is linted as it is written.
set -uo pipefail
major=$1 plugin=$2 build=$3 src=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=$work/lint.log
if ! cmake -S "$src" -B "$work/runtime-tests" -G Ninja -DCMAKE_BUILD_TYPE=Release \
     -DC10TIDY_BUILD_CHECKS=OFF -DC10TIDY_BUILD_RUNTIME_TESTS=ON >"$work/configure.log" 2>&1; then
  cat "$work/configure.log"
  echo "dogfood lint: could not configure the runtime tests' compile database"
  exit 1
fi
mkdir -p "$work/db"
python3 - "$build/compile_commands.json" "$work/runtime-tests/compile_commands.json" \
  "$work/db/compile_commands.json" <<'PY'
import json, shlex, sys
*inputs, output = sys.argv[1:]
def without_pch(command):
    words, kept = shlex.split(command), []
    for word in words:
        if kept and kept[-1] == "-include" and word.endswith("cmake_pch.hxx"):
            kept.pop()
        elif word != "-Winvalid-pch":
            kept.append(word)
    return shlex.join(kept)
joined = {}
for path in inputs:
    for entry in json.load(open(path)):
        if "command" in entry:
            entry["command"] = without_pch(entry["command"])
        joined.setdefault(entry["file"], entry)
json.dump(list(joined.values()), open(output, "w"), indent=1)
PY
# Our own sources only: not the test inputs or examples, which have findings on purpose.
run-clang-tidy-"$major" -quiet -j 2 -load "$plugin" -p "$work/db" \
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
           if re.match(sys.argv[2], e['file'])}))" "$work/db/compile_commands.json" "^$src/(checks|runtime)/.*[.](cpp|cc)$")
echo "dogfood lint: 0 findings in $units translation units"
