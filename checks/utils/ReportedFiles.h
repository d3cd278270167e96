//===- ReportedFiles.h - where a finding could be shown at all ------------===//
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
#include <vector>

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

private:
  std::optional<llvm::Regex> HeaderFilter;
  bool SystemHeaders = false;
  bool AllUserCode = false;
  llvm::DenseMap<FileID, bool> Known;
};

/// Matches a declaration located where a finding could be shown.
AST_MATCHER_P(Decl, isInReportedFile, ReportedFiles *, Files) {
  return Files->contains(Node.getLocation(), Finder->getASTContext().getSourceManager());
}

/// Runs a check's matchers over the declarations of reported files only.
/// A matcher registered with the MatchFinder is tried at every node of its
/// kind in the translation unit -- with libtorch's headers, hundreds of
/// thousands of attempts per check, even when each fails at once (LLVM
/// before 21 also walks system headers). Instead, the check registers one
/// matcher on the translation unit, and dispatch() runs the check's patterns
/// over each top-level declaration in a reported file, handing every match
/// to the check as if the MatchFinder had found it.
///
/// clangd traverses only the main file's top-level declarations (its
/// traversal scope), so the translation-unit node is never visited there and
/// matching directly is already cheap: pass \p Direct = true for clangd, the
/// one client whose diagnostics are self-contained
/// (ClangTidyCheck::areDiagsSelfContained()).
class ReportedDeclMatches {
public:
  ReportedDeclMatches(ReportedFiles &Files, bool Direct) : Files(Files), Direct(Direct) {}

  /// Remembers \p Pattern; registers the translation-unit matcher once.
  void addMatcher(ast_matchers::MatchFinder &Finder, ast_matchers::DeclarationMatcher Pattern,
                  ast_matchers::MatchFinder::MatchCallback *Check);

  /// When \p Result is the translation-unit match: runs every pattern over
  /// the reported declarations, hands each match to \p Check, returns true.
  bool dispatch(const ast_matchers::MatchFinder::MatchResult &Result,
                ast_matchers::MatchFinder::MatchCallback &Check);

private:
  ReportedFiles &Files;
  const bool Direct;
  std::vector<ast_matchers::DeclarationMatcher> Patterns;
};

} // namespace clang::tidy::c10::utils

#endif
