#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Compiles a source (syntax only) against libtorch 2.6's headers, obtained by
# scripts/libtorch26.sh; exits 77 (ctest: SKIPPED) when they cannot be had.
#   compile_against_libtorch26.sh COMPILER LIBTORCH26_SCRIPT SOURCE
compiler=$1 script=$2 source=$3
include_dir=$("$script")
rc=$?
if [ "$rc" -eq 77 ]; then
  echo "libtorch 2.6 headers unobtainable: SKIPPED"
  exit 77
elif [ "$rc" -ne 0 ]; then
  echo "$script failed ($rc)" >&2
  exit 1
fi
"$compiler" -std=c++17 -fsyntax-only -isystem "$include_dir" "$source" || {
  echo "$source does not compile against libtorch 2.6 ($include_dir)" >&2
  exit 1
}
echo "$source compiles against libtorch 2.6 ($include_dir)"
