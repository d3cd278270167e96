//===- ReportConfigErrors.h - unknown checks and options in a normal run --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clang-tidy reports a misspelt check name or option key only under
// --verify-config; a normal run ignores the option and, when the misspelt
// name was the only check, says just "no checks enabled". A plugin cannot
// see either (no check of that name is ever created). c10-tidy owns its
// main, so before linting it runs itself once with --verify-config over the
// same arguments and passes on what that reports.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_TOOLS_REPORTCONFIGERRORS_H
#define C10TIDY_TOOLS_REPORTCONFIGERRORS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <system_error>
#include <string>
#include <vector>

namespace clang::tidy::c10 {

/// Whether the arguments ask for something other than a lint run (which
/// either checks the configuration itself or does not need it checked).
inline bool isLintRun(llvm::ArrayRef<const char *> Args) {
  for (llvm::StringRef Arg : Args.drop_front()) {
    if (Arg == "--")
      break;
    Arg = Arg.ltrim('-');
    for (llvm::StringRef Mode : {"verify-config", "list-checks", "dump-config", "explain-config",
                                 "help", "help-hidden", "help-list", "version"})
      if (Arg == Mode)
        return false;
  }
  return true;
}

/// Runs \p Self with --verify-config and \p Args, and prints the warnings it
/// reports (unknown checks and options, each with a suggestion) to stderr.
inline void reportConfigErrors(const std::string &Self, llvm::ArrayRef<const char *> Args) {
  llvm::SmallString<128> Output;
  if (Self.empty() || llvm::sys::fs::createTemporaryFile("c10-tidy-verify-config", "txt", Output))
    return;
  std::vector<llvm::StringRef> Argv = {Self, "--verify-config"};
  for (const char *Arg : Args.drop_front())
    Argv.emplace_back(Arg);
  const std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(), Output.str(),
                                                      Output.str()};
  llvm::sys::ExecuteAndWait(Self, Argv, std::nullopt, Redirects);
  if (auto Text = llvm::MemoryBuffer::getFile(Output)) {
    llvm::SmallVector<llvm::StringRef, 8> Lines;
    (*Text)->getBuffer().split(Lines, '\n');
    for (llvm::StringRef Line : Lines)
      if (Line.ends_with("[-verify-config]"))
        llvm::errs() << Line << '\n';
  }
  // A temporary file left behind is harmless; the lint goes on regardless.
  const std::error_code Ignored = llvm::sys::fs::remove(Output);
  static_cast<void>(Ignored);
}

} // namespace clang::tidy::c10

#endif
