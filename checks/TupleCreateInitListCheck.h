//===- TupleCreateInitListCheck.h - c10-tuple-create-init-list ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef C10TIDY_TUPLECREATEINITLISTCHECK_H
#define C10TIDY_TUPLECREATEINITLISTCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/DedupedFindings.h"
#include "utils/LastUse.h"
#include "utils/ReportedMatching.h"
#include "utils/SharedIncludeInserter.h"
#include "utils/UnitAnalyses.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::c10 {

/// Flags `Tuple::create({a, b})` and `Tuple::create(std::vector<IValue>{a, b})`:
/// the elements are copied out of a `std::initializer_list`, whose elements
/// are const, so every element is copied once more than needed and none can be
/// moved. With 1 to 3 elements the fix-it passes them to the 1/2/3-argument
/// overload, adding `std::move` to locals at a use that is certainly their
/// last; longer lists and `createNamed` get a warning naming the cheaper form.
///
/// Docs: docs/checks/c10-tuple-create-init-list.md
class TupleCreateInitListCheck : public ClangTidyCheck {
public:
  TupleCreateInitListCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
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
  /// A braced list given to a function of the user's that hands its
  /// std::initializer_list parameter to `create`: a warning, no fix-it.
  void checkWrapperCall(const CallExpr &Call, const FunctionDecl &Wrapper,
                        const SourceManager &SM);

  const std::string RawTupleClasses;
  std::vector<std::string> TupleClasses; ///< Empty when the option is invalid.
  utils::SharedIncludeInserter Inserter;
  utils::DedupedFindings Findings;
  /// Parent maps (and more) of function bodies, shared with the other checks.
  utils::SharedUnitAnalyses Unit;
  /// Where a finding could be shown: only functions there are analysed.
  utils::ReportedFiles Files;
  utils::ReportedDeclMatches Reported{Files, areDiagsSelfContained()};
};

} // namespace clang::tidy::c10

#endif
