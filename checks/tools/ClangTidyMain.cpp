//===- ClangTidyMain.cpp - clang-tidy with the c10 module built in --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A clang-tidy that needs no -load: the c10 module is linked in, so it can never
// be paired with a clang-tidy of another LLVM version.
//
//===----------------------------------------------------------------------===//

#include "C10TidyModuleAnchor.h"
#include "ReportConfigErrors.h"
#include "ToolVersion.h"
#include "clang-tidy/tool/ClangTidyMain.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <vector>

// True when the command line chooses the checks itself: -checks, or an inline
// -config (both spellings, before any "--").
static bool choosesChecks(int Argc, const char **Argv) {
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg(Argv[I]);
    if (Arg == "--")
      break;
    Arg = Arg.ltrim('-');
    for (llvm::StringRef Option : {"checks", "config"})
      if (Arg == Option || Arg.starts_with((Option + "=").str()))
        return true;
  }
  return false;
}

// True when the user's configuration decides which other checks run: a
// --config-file, or a .clang-tidy in the directory of a file on the command line
// or above it (where clang-tidy itself looks).
static bool hasUserConfig(int Argc, const char **Argv) {
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg(Argv[I]);
    if (Arg == "--")
      break;
    if (Arg.ltrim('-').starts_with("config-file"))
      return true;
    if (Arg.starts_with("-") || !llvm::sys::fs::is_regular_file(Arg))
      continue;
    llvm::SmallString<256> Dir(Arg);
    if (llvm::sys::fs::make_absolute(Dir))
      continue; // no current directory: no config can be found from here
    for (llvm::StringRef D = llvm::sys::path::parent_path(Dir); !D.empty();
         D = llvm::sys::path::parent_path(D)) {
      llvm::SmallString<256> Candidate(D);
      llvm::sys::path::append(Candidate, ".clang-tidy");
      if (llvm::sys::fs::exists(Candidate))
        return true;
    }
  }
  return false;
}

int main(int Argc, const char **Argv) {
  clang::tidy::c10::forceLinkC10TidyModule();
  clang::tidy::c10::addModuleVersionPrinter();
  // This binary exists to run c10-*, which no .clang-tidy enables by default.
  // clang-tidy appends --checks to the configured checks, so c10-* is added to
  // what the project's .clang-tidy enables; --checks or --config replaces this.
  // Without a .clang-tidy, clang-tidy's own default would add every
  // clang-analyzer-* check, which more than doubles the time: c10-* alone
  // (and the compiler's warnings) run then.
  std::vector<const char *> Args(Argv, Argv + Argc);
  if (!choosesChecks(Argc, Argv))
    Args.insert(Args.begin() + 1, hasUserConfig(Argc, Argv) ? "--checks=c10-*"
                                                            : "--checks=-clang-analyzer-*,c10-*");
  if (clang::tidy::c10::isLintRun(Args))
    clang::tidy::c10::reportConfigErrors(
        llvm::sys::fs::getMainExecutable(Argv[0], reinterpret_cast<void *>(&choosesChecks)),
        Args);
  return clang::tidy::clangTidyMain(static_cast<int>(Args.size()), Args.data());
}
