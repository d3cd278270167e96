//===- ReportedFiles.h - where a finding could be shown at all ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clang-tidy shows a finding only in the main file and in headers its header
// filter lets through (and in system headers only with --system-headers).
// Many builds put libtorch's headers on -I, not -isystem, so their thousands
// of inline functions are not system code; analysing them costs most of a
// check's time and every finding there would be dropped. The checks ask
// this before analysing a function.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_REPORTEDFILES_H
#define C10TIDY_UTILS_REPORTEDFILES_H

#include "clang-tidy/ClangTidyCheck.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Regex.h"
#include <cstdint>
#include <optional>

namespace clang::tidy::c10::utils {

class ReportedFiles {
public:
  enum class Scope : std::uint8_t {
    Reported, ///< The main file and the headers the header filter passes.
    UserCode, ///< Everything but system headers (unless --system-headers).
  };
  explicit ReportedFiles(ClangTidyContext &Context, Scope S = Scope::Reported);

  /// Whether a finding at \p Loc (its expansion) could be shown.
  bool contains(SourceLocation Loc, const SourceManager &SM);

  /// Whether the unit's check list enables no check but c10 ones (and
  /// compiler warnings): then nothing but the c10 checks looks at the
  /// declarations outside these files.
  bool onlyC10ChecksRun() const { return OnlyC10Checks; }

private:
  std::optional<llvm::Regex> HeaderFilter;
  bool SystemHeaders = false;
  bool AllUserCode = false;
  bool OnlyC10Checks = false;
  llvm::DenseMap<FileID, bool> Known;
};

/// Matches a declaration located where a finding could be shown.
AST_MATCHER_P(Decl, isInReportedFile, ReportedFiles *, Files) {
  return Files->contains(Node.getLocation(), Finder->getASTContext().getSourceManager());
}

} // namespace clang::tidy::c10::utils

#endif
