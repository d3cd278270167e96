//===- IntrusivePtrCycleCheck.h - c10-intrusive-ptr-cycle -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef C10TIDY_INTRUSIVEPTRCYCLECHECK_H
#define C10TIDY_INTRUSIVEPTRCYCLECHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/ReportedMatching.h"
#include "llvm/ADT/SetVector.h"

namespace clang::tidy::c10 {

/// Flags classes derived from `c10::intrusive_ptr_target` whose strong
/// `c10::intrusive_ptr` members (directly, or inside standard containers,
/// pairs, tuples and optionals) form a cycle between two or more types:
/// objects linked that way keep each other alive and are never freed. Each
/// strongly connected group of types is reported once, with a note on every
/// edge and advice to make one back edge a `c10::weak_intrusive_ptr`.
/// Self-referential types (lists, trees) are reported only with the option
/// `ReportSelfReferences`.
///
/// Classes are collected while matching and the graph is analysed at the end
/// of the translation unit, when every class that is defined is complete.
///
/// Docs: docs/checks/c10-intrusive-ptr-cycle.md
class IntrusivePtrCycleCheck : public ClangTidyCheck {
public:
  IntrusivePtrCycleCheck(StringRef Name, ClangTidyContext *Context);
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
  bool ReportSelfReferences = false;
  /// Definitions of the refcounted classes seen, in traversal order.
  llvm::SetVector<const CXXRecordDecl *> Classes;
  /// The AST of the current translation unit, valid until its end.
  ASTContext *Context = nullptr;
  /// Classes outside system headers; the cycle may close in any of them.
  utils::ReportedFiles UserCode;
  utils::ReportedDeclMatches Reported{UserCode, areDiagsSelfContained()};
};

} // namespace clang::tidy::c10

#endif
