// The checks of a translation unit share their analyses of function bodies
// and their ownership decisions (utils/UnitAnalyses.h); the next translation
// unit linted by the same process starts afresh. The second file below is the
// first one plus a read after the call, so its declarations tend to land at
// the addresses the first file's had: a decision kept from the first unit
// would advise a move there too.
// REQUIRES: c10-ivalue
// RUN: %clang_tidy_plugin %s %S/Inputs/shared-analyses/read-after.cpp \
// RUN:   --config="{Checks: '-*,c10-refcounted-copy,c10-intrusive-ptr-move,c10-ivalue-ref-accessor', WarningsAsErrors: ''}" \
// RUN:   -- %c10_flags 2>&1 | %FileCheck %s --implicit-check-not=warning:
// And the other way round: the unit with no finding first.
// RUN: %clang_tidy_plugin %S/Inputs/shared-analyses/read-after.cpp %s \
// RUN:   --config="{Checks: '-*,c10-refcounted-copy,c10-intrusive-ptr-move,c10-ivalue-ref-accessor', WarningsAsErrors: ''}" \
// RUN:   -- %c10_flags 2>&1 | %FileCheck %s --implicit-check-not=warning:

#include <ATen/core/ivalue.h>

c10::IValue make();
void sink(c10::IValue v);
void use(const c10::IValue &v);

void handOver() {
  c10::IValue v = make();
  sink(v);
  // CHECK: c10-shared-analyses-units.cpp:[[@LINE-1]]:8: warning: 'v' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
