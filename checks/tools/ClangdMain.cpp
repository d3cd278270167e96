//===- ClangdMain.cpp - clangd with the c10 clang-tidy module -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Stock clangd cannot load clang-tidy plugins, so editors get our diagnostics
// from this binary. Everything but the module anchor and the link of c10-*
// diagnostics (DocLinkFilter.h) is upstream clangd.
//
//===----------------------------------------------------------------------===//

#include "C10TidyModuleAnchor.h"
#include "DocLinkFilter.h"
#include "ToolVersion.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <string>
#include <vector>

namespace clang::clangd {
int clangdMain(int argc, char *argv[]);
} // namespace clang::clangd

// Where a c10-* diagnostic links: --c10-docs-base=URL (taken off the command
// line, clangd does not know it), else $C10TIDY_DOCS_BASE_URL, else the build's.
static std::string docsBase(std::vector<char *> &Args) {
  std::string Base = C10TIDY_DOCS_BASE_URL;
  if (const char *Env = std::getenv("C10TIDY_DOCS_BASE_URL"); Env && *Env)
    Base = Env;
  for (auto It = Args.begin() + 1; It != Args.end();) {
    llvm::StringRef Arg(*It);
    if (Arg.consume_front("--c10-docs-base=")) {
      Base = Arg.str();
      It = Args.erase(It);
    } else {
      ++It;
    }
  }
  if (!Base.empty() && Base.back() != '/')
    Base += '/';
  return Base;
}

int main(int argc, char *argv[]) {
  clang::tidy::c10::forceLinkC10TidyModule();
  std::vector<char *> Args(argv, argv + argc);
  std::string Base = docsBase(Args);
  Args.push_back(nullptr);
  argc = static_cast<int>(Args.size()) - 1;
  argv = Args.data();
  // clangd replaces LLVM's version printer, which drops the extra printers,
  // so the module's line comes first, on its own.
  bool Lsp = true; // --help, --version and --check print text and exit()
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef Arg = llvm::StringRef(argv[I]).ltrim('-');
    if (Arg == "version")
      clang::tidy::c10::printModuleVersion(llvm::outs());
    if (Arg == "version" || Arg.starts_with("help") || Arg.starts_with("check"))
      Lsp = false;
  }
  llvm::outs().flush();
  if (!Lsp)
    return clang::clangd::clangdMain(argc, argv);
  static clang::tidy::c10::DocLinkFilter Filter(Base);
  // Whichever way clangd ends, what it wrote reaches the editor first.
  std::atexit([] {
    llvm::outs().flush();
    Filter.finish();
  });
  return clang::clangd::clangdMain(argc, argv);
}
