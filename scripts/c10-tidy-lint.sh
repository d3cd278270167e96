#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Lints a project's C++ with the c10-tidy plugin, for CI: the whole compile
# database, or (--diff BASE) only the lines changed since BASE, as on a pull
# request. Exits 1 when a c10-* check reports a finding or clang-tidy fails.
# The CI recipes in docs/integration/ci.md run exactly this script.
#
#   c10-tidy-lint.sh -p BUILD [--diff BASE] [--checks GLOBS] [-j JOBS]
#                    [--llvm N --plugin PATH]
#
#   -p BUILD     the directory holding compile_commands.json
#   --diff BASE  only lines changed between BASE's merge base and HEAD (needs git)
#   --checks     clang-tidy --checks, added to what .clang-tidy enables (default c10-*;
#                without a .clang-tidy here or above, -clang-analyzer-*,c10-*: clang-tidy's
#                own default would add the clang-analyzer checks, twice the time)
#   -j JOBS      parallel clang-tidy processes (default: all processors)
#   --llvm, --plugin  needed only outside an installed package: installed as
#                PREFIX/share/c10-tidy/llvm-N/c10-tidy-lint.sh, the script finds
#                N and PREFIX/lib/c10-tidy/llvm-N/libC10Tidy.so from its own path.
set -euo pipefail

build="" diff=0 base="" checks="" jobs=$(nproc) llvm="" plugin=""
while [ $# -gt 0 ]; do
  case $1 in
    -p) build=$2; shift 2 ;;
    --diff) diff=1 base=$2; shift 2 ;;
    --checks) checks=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --llvm) llvm=$2; shift 2 ;;
    --plugin) plugin=$2; shift 2 ;;
    *) echo "c10-tidy-lint: unknown argument $1" >&2; exit 2 ;;
  esac
done

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ -z "$llvm" ] && [[ $(basename "$here") =~ ^llvm-([0-9]+)$ ]]; then
  llvm=${BASH_REMATCH[1]}
  [ -n "$plugin" ] || plugin=$(cd "$here/../../.." && pwd)/lib/c10-tidy/llvm-$llvm/libC10Tidy.so
fi
if [ -z "$build" ] || [ -z "$llvm" ] || [ ! -f "$plugin" ]; then
  echo "c10-tidy-lint: need -p BUILD, and --llvm N --plugin PATH outside an installed package" >&2
  exit 2
fi
if [ "$diff" = 1 ] && [ -z "$base" ]; then
  echo "c10-tidy-lint: --diff needs a base commit (empty: is the CI variable set?)" >&2
  exit 2
fi
build=$(cd "$build" && pwd)
[ -f "$build/compile_commands.json" ] ||
  { echo "c10-tidy-lint: no $build/compile_commands.json (configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)" >&2; exit 2; }

if [ -z "$checks" ]; then
  checks="-clang-analyzer-*,c10-*"
  dir=$PWD
  while :; do
    [ -f "$dir/.clang-tidy" ] && { checks="c10-*"; break; }
    [ "$dir" = / ] && break
    dir=$(dirname "$dir")
  done
fi
# A clang-tidy that cannot load the plugin may only say so and exit 0 (Debian's
# clang-tidy 14: "request ignored"); then nothing would be linted and CI pass.
if ! "clang-tidy-$llvm" -load "$plugin" --checks='-*,c10-*' --list-checks 2>&1 | grep -q ' c10-'; then
  echo "c10-tidy-lint: clang-tidy-$llvm did not load $plugin (it lists no c10-* check):" >&2
  "clang-tidy-$llvm" -load "$plugin" --checks='-*,c10-*' --list-checks >&2 || true
  exit 2
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
if [ "$diff" = 0 ]; then
  run-clang-tidy-"$llvm" -clang-tidy-binary "clang-tidy-$llvm" -load "$plugin" \
    -checks="$checks" -p "$build" -j "$jobs" -quiet 2>&1 | tee "$log" || status=1
else
  # clang-tidy-diff takes paths from the diff, relative to the repository root.
  cd "$(git rev-parse --show-toplevel)"
  git diff -U0 --no-color "$base...HEAD" |
    "clang-tidy-diff-$llvm.py" -clang-tidy-binary "clang-tidy-$llvm" -load "$plugin" \
      -checks="$checks" -path "$build" -p1 -j "$jobs" -quiet 2>&1 | tee "$log" || status=1
fi

# Neither driver has --warnings-as-errors in every LLVM we support, so the
# findings are counted here; a c10 finding always fails the job.
findings=$(grep -cE '(warning|error): .* \[c10-[a-z0-9-]+(,-warnings-as-errors)?\]$' "$log" || true)
echo "c10-tidy-lint: $findings c10 finding(s)"
[ "$findings" -eq 0 ] || status=1
exit "$status"
