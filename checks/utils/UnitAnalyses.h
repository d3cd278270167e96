//===- UnitAnalyses.h - body analyses shared by the checks of a unit ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Several checks ask the same questions of one function body: its parent
// map, the last uses of its variables (which builds its CFG), which callees
// take an argument over, and -- c10-intrusive-ptr-move and
// c10-refcounted-copy alike -- the ownership decision for a variable. The
// answers depend only on the AST, so the checks of a translation unit keep
// one set of them (PerUnit.h): whichever check asks first computes an
// answer, the others read it.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_UNITANALYSES_H
#define C10TIDY_UTILS_UNITANALYSES_H

#include "utils/LastUse.h"
#include "utils/LocalParents.h"
#include "utils/OwnershipDecision.h"
#include "utils/OwnershipSinks.h"
#include "clang/AST/ASTContext.h"
#include <memory>
#include <optional>

namespace clang::tidy::c10::utils {

/// The analyses of one translation unit that more than one check uses.
class UnitAnalyses {
public:
  explicit UnitAnalyses(ASTContext &Ctx) : Ctx(Ctx), Sinks(Ctx) {}

  const LocalParents &parents(const Stmt &Body) { return Parents.of(Body); }
  LastUseAnalysis &lastUse(const FunctionDecl &Function) { return LastUses.of(Function, Ctx); }
  OwnershipSinks &sinks() { return Sinks; }
  /// The ownership decisions. Every check reads \p Config from the same
  /// ClangTidyContext, so the first caller's is everyone's.
  OwnershipAnalysis &ownership(const OwnershipConfig &Config);

private:
  ASTContext &Ctx;
  LocalParentsCache Parents;
  LastUseCache LastUses;
  OwnershipSinks Sinks;
  std::optional<OwnershipAnalysis> Ownership;
};

/// A check's hold on the UnitAnalyses of the translation unit it is matching:
/// taken on the first question, dropped by release() at the end of the
/// translation unit (clangd keeps the checks as long as the AST).
class SharedUnitAnalyses {
public:
  UnitAnalyses &get(ASTContext &Ctx);
  void release() { Held.reset(); }

private:
  std::shared_ptr<UnitAnalyses> Held;
  const ASTContext *HeldFor = nullptr;
};

} // namespace clang::tidy::c10::utils

#endif
