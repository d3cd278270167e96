#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Lints PyTorch 1.13.1's torch/csrc/jit and aten/src/ATen/core with every c10
# check (run-clang-tidy-N -load), and with --apply applies the fixes to a copy
# of the tree, recompiles every changed file and checks that a second pass
# offers nothing more. The sources come from scripts/pytorch-source.sh (same
# cache and sha256 check as the conformance suite). See docs/pytorch.md.
# --pytorch 2.6 lints PyTorch 2.6.0's tree instead, against libtorch 2.6's
# headers, both from Debian trixie through scripts/libtorch26.sh (its cache).
#
#   scripts/lint-pytorch.sh [--pytorch 1.13|2.6] [--llvm N] [--plugin PATH]
#                           [--work DIR] [--jobs N]
#                           [--timeout S] [--apply] [--require-parse]
#                           [--min-changed N] [--expect-counts CHECK=N,...]
#                           [--resume] [--budget S] [--no-pch] [FILE...]
#
# FILEs are files or directories inside the tree (default: both directories).
# --require-parse fails when a file does not parse and --min-changed N when
# fewer than N files are changed by the fixes, --expect-counts unless the
# findings per check are exactly those given (the short in-suite form).
# --resume keeps the per-file results already in --work and lints the rest;
# --budget S stops linting after S seconds (unfinished files are listed as
# not linted). --no-pch parses each file without the precompiled prefix
# header (for a few files, building it costs more than it saves).
# Without FILEs (the full form) it installs, as root, the Debian packages of
# libraries the tree includes (fmt, flatbuffers, pybind11, onnx), or names them.
# Defaults: --llvm 19, --plugin build/llvm-N/checks/libC10Tidy.so,
# --work /tmp/c10-tidy-lint-pytorch-N (-N-2.6 for 2.6), --jobs $(nproc),
# --timeout 600.
# Exit status: 0 passed, 1 failed (crash, hang, a fix that does not compile,
# a second pass that still fixes), 77 sources unavailable (reported SKIPPED).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
llvm=19 plugin="" work="" jobs=$(nproc) timeout=600 apply=() files=() pytorch=1.13
while [ $# -gt 0 ]; do
  case $1 in
    --pytorch) pytorch=$2; shift 2 ;;
    --llvm) llvm=$2; shift 2 ;;
    --plugin) plugin=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --apply) apply+=(--apply); shift ;;
    --require-parse) apply+=(--require-parse); shift ;;
    --min-changed) apply+=(--min-changed "$2"); shift 2 ;;
    --resume) apply+=(--resume); shift ;;
    --expect-counts) apply+=(--expect-counts "$2"); shift 2 ;;
    --budget) apply+=(--budget "$2"); shift 2 ;;
    --no-pch) apply+=(--no-pch); shift ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) files+=("$1"); shift ;;
  esac
done
plugin=${plugin:-$root/build/llvm-$llvm/checks/libC10Tidy.so}
case $pytorch in
  1.13) work=${work:-/tmp/c10-tidy-lint-pytorch-$llvm} ;;
  2.6) work=${work:-/tmp/c10-tidy-lint-pytorch-$llvm-2.6} ;;
  *) echo "lint-pytorch: --pytorch must be 1.13 or 2.6, not $pytorch" >&2; exit 2 ;;
esac
for tool in run-clang-tidy-"$llvm" clang-tidy-"$llvm" clang-apply-replacements-"$llvm" clang++-"$llvm"; do
  command -v "$tool" >/dev/null || { echo "lint-pytorch: $tool not found (scripts/bootstrap.sh)" >&2; exit 1; }
done
[ -f "$plugin" ] || { echo "lint-pytorch: no plugin at $plugin" >&2; exit 1; }

# The whole tree (no FILE given) includes headers of libraries PyTorch builds
# with; Debian ships these four. The default suite's five files need none of
# them, so scripts/bootstrap.sh does not install them: the full form does
# (as root) or names them.
if [ ${#files[@]} -eq 0 ]; then
  extras=(libfmt-dev libflatbuffers-dev pybind11-dev libonnx-dev)
  missing=()
  for p in "${extras[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "lint-pytorch: the full form needs: apt-get install ${missing[*]}" >&2
      exit 1
    fi
    echo "lint-pytorch: installing ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -q &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" ||
      { echo "lint-pytorch: could not install ${missing[*]}" >&2; exit 1; }
  fi
fi

status=0
headers=()
if [ "$pytorch" = 2.6 ]; then
  fetch=scripts/libtorch26.sh
  tree=$("$root/scripts/libtorch26.sh" --source) || status=$?
  if [ "$status" = 0 ]; then
    include=$("$root/scripts/libtorch26.sh") || status=$?
    headers=(--headers "$include")
  fi
  # The flatbuffers release libtorch-dev's generated serializer header was
  # made for (trixie's; bookworm's is too old): fetched by the full form,
  # used by a FILE run when cached; without it those files do not parse.
  check=(--check)
  [ ${#files[@]} -eq 0 ] && check=()
  if [ "$status" = 0 ] && fb=$("$root/scripts/libtorch26.sh" --flatbuffers "${check[@]}" 2>/dev/null); then
    headers+=(--flatbuffers "$fb")
  fi
else
  fetch=scripts/pytorch-source.sh
  tree=$("$root/scripts/pytorch-source.sh") || status=$?
fi
if [ "$status" = 77 ]; then
  echo "SKIPPED: PyTorch $pytorch's sources or headers cannot be obtained ($fetch)"
  exit 77
fi
[ "$status" = 0 ] || exit "$status"

exec python3 "$root/scripts/lint-pytorch.py" --tree "$tree" --plugin "$plugin" --llvm "$llvm" \
  --work "$work" --jobs "$jobs" --timeout "$timeout" "${headers[@]}" "${apply[@]}" "${files[@]}"
