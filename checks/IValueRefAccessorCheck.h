//===- IValueRefAccessorCheck.h - c10-ivalue-ref-accessor -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef C10TIDY_IVALUEREFACCESSORCHECK_H
#define C10TIDY_IVALUEREFACCESSORCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/DedupedFindings.h"
#include "utils/ReportedMatching.h"
#include "utils/UnitAnalyses.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::c10 {

/// Flags `IValue::toTuple()`, `toString()`, `toObject()` and `toList()` on
/// lvalues where the borrowing accessor (`toTupleRef()`, `toStringRef()`,
/// `toStringView()`, `toObjectRef()`, `toListRef()`) serves the same use: the
/// owning accessors copy an intrusive_ptr, an atomic increment and decrement
/// per call. Fix-its are offered only where the rewrite is the same program.
///
/// Docs: docs/checks/c10-ivalue-ref-accessor.md
class IValueRefAccessorCheck : public ClangTidyCheck {
public:
  IValueRefAccessorCheck(StringRef Name, ClangTidyContext *Context);
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
  const std::string RawIValueClasses;
  std::vector<std::string> IValueClasses; ///< Empty when the option is invalid.
  utils::DedupedFindings Findings;
  /// Parent maps (and more) of function bodies, shared with the other checks.
  utils::SharedUnitAnalyses Unit;
  /// Where a finding could be shown: only functions there are analysed.
  utils::ReportedFiles Files;
  utils::ReportedDeclMatches Reported{Files, areDiagsSelfContained()};
};

} // namespace clang::tidy::c10

#endif
