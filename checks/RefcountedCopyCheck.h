//===- RefcountedCopyCheck.h - c10-refcounted-copy ------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef C10TIDY_REFCOUNTEDCOPYCHECK_H
#define C10TIDY_REFCOUNTEDCOPYCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/DedupedFindings.h"
#include "utils/OwnershipDecision.h"
#include "utils/ReportedMatching.h"
#include "utils/UnitAnalyses.h"
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::c10 {

/// Flags a local copy of a refcounted handle (`IValue`, `at::Tensor`,
/// `c10::intrusive_ptr<T>`, `c10::List`, `c10::Dict`), or of a `std::vector`
/// of them (c10-intrusive-ptr-move's `ContainerClasses`), made from a borrowed
/// reference -- an accessor such as `toTensor()`, a container element, a
/// member -- that is then only read: the copy is an atomic refcount increment
/// and decrement a const reference avoids. Reports the variables the shared
/// ownership decision (utils/OwnershipDecision.h) assigns a borrow; leaves the
/// copies performance-unnecessary-copy-initialization reports to it. The
/// `const auto&` fix-it is offered only where the source provably stays alive
/// and unchanged. Also flags a lambda's by-copy capture of such a handle
/// when the lambda only reads it and runs inside a library algorithm only
/// (utils/CaptureBorrow.h): `[&elem]` instead of `[elem]`.
///
/// Docs: docs/checks/c10-refcounted-copy.md
class RefcountedCopyCheck : public ClangTidyCheck {
public:
  RefcountedCopyCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  std::optional<TraversalKind> getCheckTraversalKind() const override {
    return TK_AsIs;
  }

private:
  void report(const VarDecl &Var, const FunctionDecl &Owner, const utils::OwnershipDecision &D);
  void reportCapture(const LambdaExpr &Lambda, const LambdaCapture &Capture,
                     const FunctionDecl &Owner, utils::OwnershipAnalysis &Analysis);

  const std::string RawRefcountedClasses;
  std::vector<std::string> RefcountedClasses; ///< Empty when the option is invalid.
  const utils::OwnershipConfig Config;
  utils::ReportedFiles Files;
  utils::ReportedDeclMatches Reported{Files, areDiagsSelfContained()};
  utils::DedupedFindings Findings;
  /// Copies of the listed classes, decided at the end of the translation unit.
  std::vector<std::pair<const VarDecl *, const FunctionDecl *>> Candidates;
  /// Lambdas that capture one of them by copy, and the function around them.
  std::vector<std::pair<const LambdaExpr *, const FunctionDecl *>> CapturingLambdas;
  ASTContext *Context = nullptr;
  utils::SharedUnitAnalyses Unit;
};

} // namespace clang::tidy::c10

#endif
