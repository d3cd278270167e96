//===- MakeIntrusiveCheck.h - c10-make-intrusive --------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef C10TIDY_MAKEINTRUSIVECHECK_H
#define C10TIDY_MAKEINTRUSIVECHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/ReportedMatching.h"
#include "utils/DedupedFindings.h"

namespace clang::tidy::c10 {

/// Flags `intrusive_ptr<T>::unsafe_steal_from_new(new T(args))`, which
/// `c10::make_intrusive<T>(args)` says without a raw owning pointer that could
/// be handed anything else (an owned object, a stack object, `p.get()`).
/// The fix-it is offered where make_intrusive creates the object the same
/// way: same initialisation form, constructor and argument conversions, and a
/// constructor intrusive_ptr can reach.
///
/// Docs: docs/checks/c10-make-intrusive.md
class MakeIntrusiveCheck : public ClangTidyCheck {
public:
  MakeIntrusiveCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Files(*Context) {}
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override { Findings.flush(*this); }
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus11;
  }
  std::optional<TraversalKind> getCheckTraversalKind() const override {
    return TK_AsIs;
  }

private:
  utils::DedupedFindings Findings;
  /// Where a finding could be shown: only functions there are analysed.
  utils::ReportedFiles Files;
  utils::ReportedDeclMatches Reported{Files, areDiagsSelfContained()};
};

} // namespace clang::tidy::c10

#endif
