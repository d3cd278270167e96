//===- IValueVectorCopyCheck.h - c10-ivalue-vector-copy --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef C10TIDY_IVALUEVECTORCOPYCHECK_H
#define C10TIDY_IVALUEVECTORCOPYCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/DedupedFindings.h"
#include "utils/ReportedMatching.h"
#include "utils/UnitAnalyses.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::c10 {

/// Flags `IValue::toIntVector()`, `toDoubleVector()`, `toTensorVector()`,
/// `toDimVector()`, `to<std::vector<T>>()` and `toList().vec()` (also
/// `c10::List::vec()`) whose result is only read: its size asked, elements
/// read, iterated. Each builds a fresh container, copying every element (a
/// refcount increment per tensor); `toListRef()` reads the IValue's list in
/// place. Fix-its are offered only where the rewrite is the same program.
///
/// Docs: docs/checks/c10-ivalue-vector-copy.md
class IValueVectorCopyCheck : public ClangTidyCheck {
public:
  IValueVectorCopyCheck(StringRef Name, ClangTidyContext *Context);
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
  const std::string RawListClasses;
  std::vector<std::string> IValueClasses; ///< Empty when the option is invalid.
  std::vector<std::string> ListClasses;   ///< Empty when the option is invalid.
  utils::DedupedFindings Findings;
  /// Parent maps (and more) of function bodies, shared with the other checks.
  utils::SharedUnitAnalyses Unit;
  /// Where a finding could be shown: only functions there are analysed.
  utils::ReportedFiles Files;
  utils::ReportedDeclMatches Reported{Files, areDiagsSelfContained()};
};

} // namespace clang::tidy::c10

#endif
