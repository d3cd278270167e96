// Opened in c10-clangd by lsp_cycle_test.py (c10-intrusive-ptr-cycle).
#include "lsp_cycle_observers.h"
#include <c10/util/intrusive_ptr.h>
#include <vector>

// Both classes are in this file: clangd sees the cycle and reports it once,
// at line 10, with a note on each edge.
struct Module;
struct Child : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Module> parent;
};
struct Module : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<Child>> children;
};

// Subject holds its observers by their base class, Observer. The observer that
// holds its subject strongly, LoggingObserver, is defined in
// lsp_cycle_observers.h. clang-tidy sees the whole translation unit and
// reports this cycle at line 23; clangd runs checks on the main file's
// declarations only, never learns that an intrusive_ptr<Observer> may own a
// LoggingObserver, and reports nothing here.
struct Subject : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<Observer>> observers;
};

// Layer (in the header) holds its Scene; clangd follows Scene's member into
// the header's Layer and reports this cycle, at line 29.
struct Scene : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<Layer>> layers;
};
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
