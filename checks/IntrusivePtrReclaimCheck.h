//===- IntrusivePtrReclaimCheck.h - c10-intrusive-ptr-reclaim -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef C10TIDY_INTRUSIVEPTRRECLAIMCHECK_H
#define C10TIDY_INTRUSIVEPTRRECLAIMCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/DedupedFindings.h"
#include "utils/ReportedMatching.h"
#include "utils/UnitAnalyses.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>

namespace clang::tidy::c10 {

/// Flags misuse of the raw-pointer side of c10::intrusive_ptr: `reclaim()` of
/// a new object (refcount 0: never destroyed), of `p.get()` or `this` (released
/// twice), discarded results of `reclaim()`/`reclaim_copy()`/
/// `unsafe_steal_from_new()` (released at once) and of `release()` (leaked),
/// the static `reclaim()` called through an instance as if it changed it, and
/// `weak_intrusive_ptr::lock()` results dereferenced without a null check.
/// The one fix-it: `reclaim(new T(...))` -> `c10::make_intrusive<T>(...)`
/// where that is the same object made the same way.
///
/// Docs: docs/checks/c10-intrusive-ptr-reclaim.md
class IntrusivePtrReclaimCheck : public ClangTidyCheck {
public:
  IntrusivePtrReclaimCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Files(*Context) {}
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus11;
  }
  std::optional<TraversalKind> getCheckTraversalKind() const override {
    return TK_AsIs;
  }

private:
  void checkAdoption(const CallExpr &Call, const FunctionDecl &Function,
                     const utils::LocalParents &Parents, const Stmt &Body, ASTContext &Ctx);
  void checkRelease(const CXXMemberCallExpr &Call, const utils::LocalParents &Parents,
                    const Stmt &Body, ASTContext &Ctx);
  void checkLock(const CXXMemberCallExpr &Call, const utils::LocalParents &Parents,
                 const Stmt &Body, ASTContext &Ctx);

  utils::DedupedFindings Findings;
  /// Parent maps (and more) of function bodies, shared with the other checks.
  utils::SharedUnitAnalyses Unit;
  /// Where a finding could be shown: only functions there are analysed.
  utils::ReportedFiles Files;
  utils::ReportedDeclMatches Reported{Files, areDiagsSelfContained()};
};

} // namespace clang::tidy::c10

#endif
