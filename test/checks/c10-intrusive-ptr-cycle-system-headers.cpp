// REQUIRES: c10-intrusive-ptr
// A cycle entirely inside a system header is the library's business, and is
// not reported (the runner fails on any unexpected warning):
// RUN: %check_c10_tidy %s c10-intrusive-ptr-cycle %t -- \
// RUN:   -isystem %S/Inputs/intrusive-ptr-cycle/system
//
// -- until the library itself is linted: with --system-headers its headers are
// user code, and the cycle is reported where it is.
// RUN: %clang_tidy_plugin %s --system-headers \
// RUN:   --config="{Checks: '-*,c10-intrusive-ptr-cycle', HeaderFilterRegex: '.*'}" \
// RUN:   -- %c10_flags -isystem %S/Inputs/intrusive-ptr-cycle/system 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=SYSTEM
// SYSTEM: vendor_cache.h:{{[0-9]+}}:{{[0-9]+}}: warning: strong intrusive_ptr members form a reference cycle between 'vendor::Cache' and 'vendor::Entry'

#include <vendor_cache.h>

int main() { return 0; }
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
