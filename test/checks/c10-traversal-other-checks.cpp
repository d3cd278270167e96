// The c10 checks match in the files where a finding can be shown. When no
// other check runs, clang-tidy's own walk over every declaration of the
// translation unit is cut to those files too; when another check runs, that
// check still sees every declaration, headers included.
//
// c10 checks only: the main file's finding, and the header's once the header
// filter lets it through (LLVM 21 and later show every user header by
// default, hence a filter that passes none).
// RUN: %clang_tidy_plugin %s \
// RUN:   --config="{Checks: '-*,c10-intrusive-ptr-move', HeaderFilterRegex: 'none-such'}" \
// RUN:   -- %c10_flags -I%S/Inputs/traversal 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=MAIN --implicit-check-not='{{^[^|]*}}warning:'
// RUN: %clang_tidy_plugin %s \
// RUN:   --config="{Checks: '-*,c10-intrusive-ptr-move', HeaderFilterRegex: 'traversal'}" \
// RUN:   -- %c10_flags -I%S/Inputs/traversal 2>&1 \
// RUN:   | %FileCheck %s --check-prefixes=MAIN,HEADER --implicit-check-not='{{^[^|]*}}warning:'
//
// A check list that turns other checks on and then everything off again is
// c10 only as well:
// RUN: %clang_tidy_plugin %s \
// RUN:   --config="{Checks: 'bugprone-*,-*,c10-intrusive-ptr-move', HeaderFilterRegex: 'none-such'}" \
// RUN:   -- %c10_flags -I%S/Inputs/traversal 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=MAIN --implicit-check-not='{{^[^|]*}}warning:'
//
// With an upstream check that compares the main file's declarations with
// every definition in the unit (here one in a header the header filter does
// not pass), both checks report as they do alone.
// RUN: %clang_tidy_plugin %s \
// RUN:   --config="{Checks: '-*,c10-intrusive-ptr-move,bugprone-forward-declaration-namespace', HeaderFilterRegex: 'none-such'}" \
// RUN:   -- %c10_flags -I%S/Inputs/traversal 2>&1 \
// RUN:   | %FileCheck %s --check-prefixes=MAIN,UPSTREAM --implicit-check-not='{{^[^|]*}}warning:'
//
// REQUIRES: c10-ivalue

#include <widgets.h>

namespace app {
struct Widget;
} // namespace app
// UPSTREAM-DAG: :[[@LINE-2]]:8: warning: no definition found for 'Widget', but a definition with the same name 'Widget' found in another namespace 'gui' [bugprone-forward-declaration-namespace]

void useLast(c10::IValue v) {
  c10::IValue kept = v;
  show(kept);
}
// MAIN-DAG: :[[@LINE-3]]:22: warning: 'v' is copied at its last use; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
// HEADER-DAG: widgets.h:10:22: warning: 'v' is copied at its last use; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
