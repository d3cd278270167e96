//===- IValueGenericToCheck.h - c10-ivalue-generic-to ----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef C10TIDY_IVALUEGENERICTOCHECK_H
#define C10TIDY_IVALUEGENERICTOCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/DedupedFindings.h"
#include "utils/ReportedMatching.h"
#include "utils/UnitAnalyses.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::c10 {

/// Flags `IValue::to<T>()` on an lvalue for the T that c10 converts element
/// by element or through a copy of the IValue -- `c10::optional<U>` of a
/// non-trivial U, `std::tuple<...>`, `c10::List<U>`, `std::unordered_map<K,
/// V>`, `std::array<U, N>` -- when the result is only read, and names the
/// accessor that reads the IValue in place. `to<std::vector<U>>()` is
/// c10-ivalue-vector-copy's. Fix-its only where the rewrite is the same
/// program.
///
/// Docs: docs/checks/c10-ivalue-generic-to.md
class IValueGenericToCheck : public ClangTidyCheck {
public:
  IValueGenericToCheck(StringRef Name, ClangTidyContext *Context);
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
  /// c10-ivalue-ref-accessor reports `to<c10::List<IValue>>()` itself.
  bool RefAccessorEnabled;
};

} // namespace clang::tidy::c10

#endif
