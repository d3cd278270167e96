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
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace clang::clangd {
int clangdMain(int argc, char *argv[]);
} // namespace clang::clangd

// Where a c10-* diagnostic links. A configured base, first found:
// --c10-docs-base=URL (taken off the command line, clangd does not know it),
// $C10TIDY_DOCS_BASE_URL, the build's -DC10TIDY_DOCS_BASE_URL (an empty value
// is no value). Without one, the check pages on this machine: found relative
// to this executable, the installed copy (bin/ -> share/c10-tidy/llvm-N/doc/checks)
// or, for a binary in its build tree, the source tree's docs/checks.
static clang::tidy::c10::DocLinks docLinks(std::vector<char *> &Args) {
  clang::tidy::c10::DocLinks Links;
  Links.Base = C10TIDY_DOCS_BASE_URL;
  if (const char *Env = std::getenv("C10TIDY_DOCS_BASE_URL"); Env && *Env)
    Links.Base = Env;
  for (auto It = Args.begin() + 1; It != Args.end();) {
    llvm::StringRef Arg(*It);
    if (Arg.consume_front("--c10-docs-base=")) {
      if (!Arg.empty())
        Links.Base = Arg.str();
      It = Args.erase(It);
    } else {
      ++It;
    }
  }
  if (!Links.Base.empty()) {
    if (Links.Base.back() != '/')
      Links.Base += '/';
    return Links;
  }
  std::string Exe = llvm::sys::fs::getMainExecutable(Args[0], reinterpret_cast<void *>(&docLinks));
  if (Exe.empty())
    return Links;
  for (const char *Relative : {C10TIDY_INSTALLED_DOCS, C10TIDY_BUILD_TREE_DOCS}) {
    llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Exe));
    llvm::sys::path::append(Dir, Relative);
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(Dir, Real) && llvm::sys::fs::is_directory(Real)) {
      Links.PagesDir = std::string(Real);
      break;
    }
  }
  return Links;
}

int main(int argc, char *argv[]) {
  clang::tidy::c10::forceLinkC10TidyModule();
  std::vector<char *> Args(argv, argv + argc);
  clang::tidy::c10::DocLinks Links = docLinks(Args);
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
  static clang::tidy::c10::DocLinkFilter Filter(std::move(Links));
  // Whichever way clangd ends, what it wrote reaches the editor first.
  std::atexit([] {
    llvm::outs().flush();
    Filter.finish();
  });
  return clang::clangd::clangdMain(argc, argv);
}
