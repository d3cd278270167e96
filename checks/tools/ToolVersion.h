//===- ToolVersion.h - the module's line in --version ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// c10-tidy-N and c10-clangd-N are installed side by side for several LLVM
// majors; --version names the module's release and the LLVM it was built
// against, so a user can tell which package a binary came from.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_TOOLS_TOOLVERSION_H
#define C10TIDY_TOOLS_TOOLVERSION_H

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy::c10 {
inline void printModuleVersion(llvm::raw_ostream &OS) {
  OS << "c10-tidy " C10TIDY_VERSION " (module built for LLVM " C10TIDY_BUILT_FOR_LLVM ")\n";
}

/// For a tool that keeps LLVM's version printer (clang-tidy's main does).
inline void addModuleVersionPrinter() { llvm::cl::AddExtraVersionPrinter(printModuleVersion); }
} // namespace clang::tidy::c10

#endif
