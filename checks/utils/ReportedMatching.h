//===- ReportedMatching.h - the c10 checks' matchers in one traversal -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A matcher registered with the MatchFinder is tried at every node of its
// kind in the translation unit -- with libtorch's headers on -I, hundreds of
// thousands of attempts per check that can only find what would never be
// shown (LLVM before 21 also walks system headers). So the c10 checks of a
// translation unit hand their matchers to one shared MatchFinder instead. It
// registers a single matcher on the translation unit, and when that matches
// it narrows the AST's traversal scope to the top-level declarations of the
// files where a check could report (ReportedFiles.h) and matches there, all
// checks' matchers in one traversal, each tried only at nodes of its kind.
// Each match reaches its check as if the MatchFinder had found it.
//
// The check profile (--enable-check-profile) shows that traversal, and the
// checks' check() calls made from it, as one row: c10-shared-matching.
//
// clangd traverses only the main file's top-level declarations (its
// traversal scope), so the translation-unit node is never visited there and
// matching directly is already cheap: there (the one client whose
// diagnostics are self-contained, ClangTidyCheck::areDiagsSelfContained())
// the matchers go straight to clangd's MatchFinder.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_REPORTEDMATCHING_H
#define C10TIDY_UTILS_REPORTEDMATCHING_H

#include "utils/EnclosingFunction.h"
#include "utils/ReportedFiles.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <memory>

namespace clang::tidy::c10::utils {

class SharedMatching;

/// A check's way into the shared traversal.
class ReportedDeclMatches {
public:
  ReportedDeclMatches(ReportedFiles &Files, bool Direct) : Files(Files), Direct(Direct) {}

  /// Matches \p Pattern in the declarations where \p Files could show a
  /// finding (the pattern itself still says which nodes qualify) and hands
  /// each match to \p Check.
  void addMatcher(ast_matchers::MatchFinder &Finder,
                  const ast_matchers::DeclarationMatcher &Pattern,
                  ast_matchers::MatchFinder::MatchCallback *Check);
  void addMatcher(ast_matchers::MatchFinder &Finder, const ast_matchers::StatementMatcher &Pattern,
                  ast_matchers::MatchFinder::MatchCallback *Check);

private:
  template <typename PatternMatcher>
  void add(ast_matchers::MatchFinder &Finder, const PatternMatcher &Pattern,
           ast_matchers::MatchFinder::MatchCallback *Check);
  SharedMatching &shared(ast_matchers::MatchFinder &Finder,
                         ast_matchers::MatchFinder::MatchCallback &Check);

  ReportedFiles &Files;
  const bool Direct;
  std::shared_ptr<SharedMatching> Shared;
};

/// A function in a file where \p Files could show a finding, bound as
/// "function", with its body bound as "body": the function a check that
/// analyses one body at a time asks forEachEnclosingFunction for.
ast_matchers::internal::Matcher<FunctionDecl> reportedFunctionBody(ReportedFiles &Files);

} // namespace clang::tidy::c10::utils

#endif
