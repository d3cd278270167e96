//===- TupleElementsCopyCheck.h - c10-tuple-elements-copy -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef C10TIDY_TUPLEELEMENTSCOPYCHECK_H
#define C10TIDY_TUPLEELEMENTSCOPYCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/DedupedFindings.h"
#include "utils/ReportedMatching.h"
#include "utils/UnitAnalyses.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::c10 {

/// Flags copies of a tuple's elements that are only read:
/// `std::vector<IValue> e = t->elements();`, `auto e = t->elements().vec();`,
/// `t->elements().vec()[i]`, `t->elements()` passed to a `std::vector<IValue>`
/// parameter the callee only reads, and `std::move(t->elements()[i])`, which
/// copies because `elements()` is const. Each copy costs an atomic refcount
/// increment and decrement per element; `const auto& e = t->elements();` or
/// `t->elements()[i]` reads the same values for free. Fix-its only where the
/// tuple provably outlives the reference unchanged.
///
/// Docs: docs/checks/c10-tuple-elements-copy.md
class TupleElementsCopyCheck : public ClangTidyCheck {
public:
  TupleElementsCopyCheck(StringRef Name, ClangTidyContext *Context);
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
  const std::string RawTupleClasses;
  std::vector<std::string> TupleClasses; ///< Empty when the option is invalid.
  utils::DedupedFindings Findings;
  /// Parent maps (and more) of function bodies, shared with the other checks.
  utils::SharedUnitAnalyses Unit;
  /// Where a finding could be shown: only functions there are analysed.
  utils::ReportedFiles Files;
  utils::ReportedDeclMatches Reported{Files, areDiagsSelfContained()};
};

} // namespace clang::tidy::c10

#endif
