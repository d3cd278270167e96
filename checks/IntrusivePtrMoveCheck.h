//===- IntrusivePtrMoveCheck.h - c10-intrusive-ptr-move -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef C10TIDY_INTRUSIVEPTRMOVECHECK_H
#define C10TIDY_INTRUSIVEPTRMOVECHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/DedupedFindings.h"
#include "utils/LastUse.h"
#include "utils/OwnershipDecision.h"
#include "utils/ReportedMatching.h"
#include "utils/SharedIncludeInserter.h"
#include "utils/UnitAnalyses.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::c10 {

/// Flags a refcounted handle (`c10::intrusive_ptr`, `IValue`, `at::Tensor`, a
/// `std::vector` of them) copied where it is used for the last time -- into a
/// by-value parameter, a container, a member, a constructor -- and a copy out
/// of a container element that is removed right after. Each copy costs an
/// atomic increment now and an atomic decrement later; `std::move` avoids
/// both. "Last time" is decided on the function's control-flow graph.
///
/// Docs: docs/checks/c10-intrusive-ptr-move.md
class IntrusivePtrMoveCheck : public ClangTidyCheck {
public:
  IntrusivePtrMoveCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus11;
  }
  std::optional<TraversalKind> getCheckTraversalKind() const override { return TK_AsIs; }

private:
  /// A variable (or structured binding) named as an argument that an owner
  /// copies from; decided at the end of the translation unit.
  struct PendingUse {
    const DeclRefExpr *Use;
    const ValueDecl *Var;
    const FunctionDecl *Owner;
  };
  /// An element of a local container (`c[K]`) copied into an owner; decided
  /// at the end of the translation unit.
  struct PendingElement {
    const Expr *Element;
    const DeclRefExpr *ContainerUse;
    const FunctionDecl *Function;
  };
  void checkVariableCopy(const PendingUse &P, ASTContext &Ctx);
  /// The reference a range-for loop binds to an element of a container
  /// nothing else reads (utils::LastUseAnalysis::isLastReadOfRangeElement),
  /// copied into an owner at its last use.
  void checkRangeElementCopy(const PendingUse &P, ASTContext &Ctx);
  /// The pop pattern: an element copied out and removed by the next
  /// statement. Whether it was reported.
  bool checkElementCopy(const Expr &Element, const Expr &Container, const Expr &Consumer,
                        const FunctionDecl &Function, utils::LastUseAnalysis &A, ASTContext &Ctx);
  /// An element at a constant index read for the last time
  /// (utils::LastUseAnalysis::isLastReadOfElement).
  void checkElementLastRead(const PendingElement &P, ASTContext &Ctx);
  void checkTemporaryElementCopy(const Expr &Element, const FunctionDecl &Function,
                                 ASTContext &Ctx);
  /// A parameter `T&& p` copied into an owner at the last time the function
  /// can read what the caller handed over.
  void checkRvalueParameterCopy(const PendingUse &P, ASTContext &Ctx);
  void report(const Expr &Source, std::string Message, const FunctionDecl &Function,
              ASTContext &Ctx, std::string NoFixReason = {});
  utils::OwnershipAnalysis &analysis(ASTContext &Ctx);

  const std::string RawHandleClasses;
  const std::string RawContainerClasses;
  std::vector<std::string> HandleClasses;    ///< Empty when the option is invalid.
  std::vector<std::string> ContainerClasses; ///< Empty when the option is invalid.
  /// Whether cppcoreguidelines-rvalue-reference-param-not-moved runs too; it
  /// reports a `T&&` parameter that is never moved.
  const bool UpstreamRvalueParamEnabled;
  const utils::OwnershipConfig Config;
  utils::ReportedFiles Files;
  utils::ReportedDeclMatches Reported{Files, areDiagsSelfContained()};
  utils::SharedIncludeInserter Inserter;
  /// Vetoed where a copy is not a last use in some instantiation of its template.
  utils::DedupedFindings Findings;
  /// The ownership decisions and body analyses, shared with the other checks.
  utils::SharedUnitAnalyses Unit;
  /// By use: a use is matched once per parameter it binds, and looked up each time.
  llvm::MapVector<const DeclRefExpr *, PendingUse> Pending;
  std::vector<PendingElement> PendingElements;
  ASTContext *Context = nullptr;
};

} // namespace clang::tidy::c10

#endif
