// Included by lsp_cycle.cpp: an observer hierarchy whose derived class holds
// a strong reference back to the Subject defined in the main file, and a
// Layer holding the Scene defined there.
#pragma once
#include <c10/util/intrusive_ptr.h>

struct Subject;
struct Observer : c10::intrusive_ptr_target {
  virtual ~Observer() = default;
};
struct LoggingObserver : Observer {
  c10::intrusive_ptr<Subject> subject;
};

struct Scene;
struct Layer : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Scene> scene;
};
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
