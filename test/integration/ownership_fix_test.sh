#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Fix-its of c10-make-intrusive and c10-intrusive-ptr-reclaim applied to a real
# program against libtorch 1.13 (Inputs/intrusive_ptr_ownership.cpp):
#  - the unsafe_steal_from_new(new T) -> make_intrusive rewrites change nothing
#    the program prints;
#  - the reclaim(new T) -> make_intrusive rewrite adds exactly one line, the
#    destructor "~Leaky(7)" at the end of its scope, which never ran before
#    (use_count() was 0, reported on stderr; 1 after the fix).
# Every fix-it is applied (no unsafe_steal_from_new(new / reclaim(new left) and
# a second run has nothing left to fix.
#
#   ownership_fix_test.sh CLANG_TIDY PLUGIN CLANGXX SOURCE WORK_DIR
set -euo pipefail
tidy=$1 plugin=$2 cxx=$3 source=$4 work=$5
flags=(-std=c++17 -Wno-deprecated-declarations)
libs=(-ltorch_cpu -lc10)
config="{Checks: '-*,c10-make-intrusive,c10-intrusive-ptr-reclaim'}"

fail() { echo "FAIL: $*"; exit 1; }

rm -rf "$work" && mkdir -p "$work"
cp "$source" "$work/original.cpp"
cp "$source" "$work/fixed.cpp"

"$cxx" "${flags[@]}" "$work/original.cpp" -o "$work/original" "${libs[@]}"
"$work/original" > "$work/original.out" 2> "$work/original.err"

"$tidy" -load "$plugin" --config="$config" -fix "$work/fixed.cpp" -- "${flags[@]}" \
  > "$work/lint.out" 2>&1 || { cat "$work/lint.out"; fail "clang-tidy failed"; }
echo "applied fix-its:"
diff -u "$work/original.cpp" "$work/fixed.cpp" || true
steals=$(grep -c "::unsafe_steal_from_new(new" "$work/original.cpp" || true)
fixes=$(grep -c "c10-make-intrusive\]" "$work/lint.out" || true)
[ "$steals" -gt 0 ] && [ "$fixes" -eq "$steals" ] ||
  fail "expected one c10-make-intrusive warning per unsafe_steal_from_new(new ...) ($steals), got $fixes"
if grep -nE "::(unsafe_steal_from_new|reclaim)\(new" "$work/fixed.cpp"; then
  fail "a fix-it was not applied"
fi
# reclaim(new Leaky) is the one c10-intrusive-ptr-reclaim finding: the
# release()/reclaim() round trip and the checked lock() are correct code.
reclaims=$(grep -c "c10-intrusive-ptr-reclaim\]" "$work/lint.out" || true)
[ "$reclaims" -eq 1 ] || { cat "$work/lint.out"; fail "expected 1 c10-intrusive-ptr-reclaim warning, got $reclaims"; }

"$cxx" "${flags[@]}" "$work/fixed.cpp" -o "$work/fixed" "${libs[@]}"
"$work/fixed" > "$work/fixed.out" 2> "$work/fixed.err"

# The claim behind the reclaim(new T) finding, on this libtorch.
grep -qx "reclaim(new Leaky): use_count=0" "$work/original.err" ||
  fail "expected use_count() == 0 after reclaim(new T), got: $(cat "$work/original.err")"
grep -qx "reclaim(new Leaky): use_count=1" "$work/fixed.err" ||
  fail "expected use_count() == 1 after the fix, got: $(cat "$work/fixed.err")"

# Exactly one difference: the destructor line, added where the scope ends.
difference=$(diff --unchanged-line-format= --old-line-format='-%L' --new-line-format='+%L' \
  "$work/original.out" "$work/fixed.out" || true)
if [ "$difference" != "+~Leaky(7)" ]; then
  diff -u "$work/original.out" "$work/fixed.out" || true
  fail "the outputs must differ by exactly the added line '~Leaky(7)'"
fi
grep -A1 -x "leaving the scope of leaky" "$work/fixed.out" | tail -n1 | grep -qx "~Leaky(7)" ||
  fail "'~Leaky(7)' must follow 'leaving the scope of leaky'"
echo "same output except the destructor that now runs: ~Leaky(7)"

cp "$work/fixed.cpp" "$work/refixed.cpp"
"$tidy" -load "$plugin" --config="$config" -fix "$work/refixed.cpp" -- "${flags[@]}" \
  > "$work/relint.out" 2>&1
cmp -s "$work/fixed.cpp" "$work/refixed.cpp" || {
  diff -u "$work/fixed.cpp" "$work/refixed.cpp"; fail "a second run still applies fix-its"; }
echo "ownership fix test: ok"
