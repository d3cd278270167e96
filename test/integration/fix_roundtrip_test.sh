#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Fix-it round trip on a real program against libtorch 1.13: build and run the
# program, apply every c10-* fix-it, build and run it again, and require the
# same output; then lint the fixed file again and require that no fix-it is
# left to apply (the fixes are complete and stable).
#
#   fix_roundtrip_test.sh CLANG_TIDY PLUGIN CLANGXX SOURCE WORK_DIR
set -euo pipefail
tidy=$1 plugin=$2 cxx=$3 source=$4 work=$5
flags=(-std=c++17 -Wno-deprecated-declarations)
libs=(-ltorch_cpu -lc10)

rm -rf "$work" && mkdir -p "$work"
cp "$source" "$work/original.cpp"
cp "$source" "$work/fixed.cpp"

"$cxx" "${flags[@]}" "$work/original.cpp" -o "$work/original" "${libs[@]}"
"$work/original" > "$work/original.out"

"$tidy" -load "$plugin" --config="{Checks: '-*,c10-*'}" -fix "$work/fixed.cpp" -- "${flags[@]}" \
  > "$work/lint.out" 2>&1 || { cat "$work/lint.out"; exit 1; }
warnings=$(grep -c "warning: .*\[c10-" "$work/lint.out" || true)
if cmp -s "$work/original.cpp" "$work/fixed.cpp"; then
  echo "FAIL: no fix-it was applied to $source"; cat "$work/lint.out"; exit 1
fi
echo "applied the fix-its of $warnings warning(s):"
diff -u "$work/original.cpp" "$work/fixed.cpp" || true

"$cxx" "${flags[@]}" "$work/fixed.cpp" -o "$work/fixed" "${libs[@]}"
"$work/fixed" > "$work/fixed.out"
if ! diff -u "$work/original.out" "$work/fixed.out"; then
  echo "FAIL: the fixed program prints something else"; exit 1
fi
echo "same output before and after the fixes ($(wc -l < "$work/fixed.out") lines)"

cp "$work/fixed.cpp" "$work/refixed.cpp"
"$tidy" -load "$plugin" --config="{Checks: '-*,c10-*'}" -fix "$work/refixed.cpp" -- "${flags[@]}" \
  > "$work/relint.out" 2>&1
if ! cmp -s "$work/fixed.cpp" "$work/refixed.cpp"; then
  echo "FAIL: a second run still applies fix-its:"; diff -u "$work/fixed.cpp" "$work/refixed.cpp"; exit 1
fi
echo "fix-it round trip: ok ($(grep -c 'warning: .*\[c10-' "$work/relint.out" || true) warning(s) without fix-it remain)"
