//===- ClangdMain.cpp - clangd with the c10 clang-tidy module -------------===//
//
// Stock clangd cannot load clang-tidy plugins, so editors get our diagnostics
// from this binary. Everything but the module anchor is upstream clangd.
//
//===----------------------------------------------------------------------===//

#include "C10TidyModuleAnchor.h"

namespace clang::clangd {
int clangdMain(int argc, char *argv[]);
} // namespace clang::clangd

int main(int argc, char *argv[]) {
  clang::tidy::c10::forceLinkC10TidyModule();
  return clang::clangd::clangdMain(argc, argv);
}
