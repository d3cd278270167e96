//===- ClangdMain.cpp - clangd with the c10 clang-tidy module -------------===//
//
// Stock clangd cannot load clang-tidy plugins, so editors get our diagnostics
// from this binary. Everything but the module anchor is upstream clangd.
//
//===----------------------------------------------------------------------===//

#include "C10TidyModuleAnchor.h"
#include "ToolVersion.h"
#include "llvm/ADT/StringRef.h"

namespace clang::clangd {
int clangdMain(int argc, char *argv[]);
} // namespace clang::clangd

int main(int argc, char *argv[]) {
  clang::tidy::c10::forceLinkC10TidyModule();
  // clangd replaces LLVM's version printer, which drops the extra printers,
  // so the module's line comes first, on its own.
  for (int I = 1; I < argc; ++I)
    if (llvm::StringRef(argv[I]).ltrim('-') == "version")
      clang::tidy::c10::printModuleVersion(llvm::outs());
  llvm::outs().flush();
  return clang::clangd::clangdMain(argc, argv);
}
