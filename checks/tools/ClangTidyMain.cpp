//===- ClangTidyMain.cpp - clang-tidy with the c10 module built in --------===//
//
// A clang-tidy that needs no -load: the c10 module is linked in, so it can never
// be paired with a clang-tidy of another LLVM version.
//
//===----------------------------------------------------------------------===//

#include "C10TidyModuleAnchor.h"
#include "clang-tidy/tool/ClangTidyMain.h"

int main(int argc, const char **argv) {
  clang::tidy::c10::forceLinkC10TidyModule();
  return clang::tidy::clangTidyMain(argc, argv);
}
