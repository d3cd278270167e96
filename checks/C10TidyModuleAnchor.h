//===- C10TidyModuleAnchor.h - keeps the c10 module linked ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The module registers itself from a static initializer. When its object file
// sits in a library, a linker keeps it only if something references a symbol
// in it; executables that embed the module call this function for that.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_C10TIDYMODULEANCHOR_H
#define C10TIDY_C10TIDYMODULEANCHOR_H

namespace clang::tidy::c10 {
/// Returns a value from the module's registration object file.
int forceLinkC10TidyModule();
} // namespace clang::tidy::c10

#endif
