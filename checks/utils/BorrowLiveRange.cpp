//===- BorrowLiveRange.cpp ------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/BorrowLiveRange.h"
#include "utils/ReferenceEscape.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::c10::utils {

namespace {

/// A variable whose destructor is user code: it runs at the end of the
/// variable's block and may read what the variable refers to.
bool hasUserDestructor(const VarDecl &Var, const ASTContext &Ctx) {
  const auto *Record = Var.getType()->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition() || Record->hasTrivialDestructor())
    return false;
  const CXXDestructorDecl *Dtor = Record->getDestructor();
  return !Dtor || !isLibraryCode(*Dtor, Ctx);
}

class LiveRangeFinder {
public:
  LiveRangeFinder(const CompoundStmt &Block, const LocalParents &Parents, ASTContext &Ctx)
      : Block(Block), Parents(Parents), Ctx(Ctx) {}

  /// The last statement of the block that reads \p Var or what is made from
  /// it; null when not known.
  const Stmt *lastReader(const VarDecl &Var, const Stmt &Declaration) {
    Last = &Declaration;
    llvm::SmallVector<const VarDecl *, 4> Work{&Var};
    llvm::SmallPtrSet<const VarDecl *, 4> Seen{&Var};
    while (!Work.empty()) {
      const VarDecl *Reader = Work.pop_back_val();
      for (const DeclRefExpr *Use : Parents.usesOf(*Reader, Block)) {
        const VarDecl *Made = nullptr;
        if (!follow(*Use, *Reader, Made))
          return nullptr;
        if (Made && Seen.insert(Made).second)
          Work.push_back(Made);
      }
    }
    return Last;
  }

private:
  /// Records the statement of the block that \p Use reads in; \p Made becomes
  /// the variable that keeps a reference made from it, if any. False when a
  /// reference is kept where no variable of the block holds it.
  bool follow(const DeclRefExpr &Use, const VarDecl &Reader, const VarDecl *&Made) {
    // Inside a lambda, the closure reads it: a copy where it is created, a
    // reference for as long as the closure lives.
    const Expr *Point = &Use;
    std::optional<bool> CapturedByReference;
    for (const Stmt *P = Parents.parent(Use); P && P != &Block; P = Parents.parent(*P))
      if (const auto *Lambda = dyn_cast<LambdaExpr>(P)) {
        Point = Lambda;
        CapturedByReference = true;
        for (const LambdaCapture &Capture : Lambda->captures())
          if (Capture.capturesVariable() && Capture.getCapturedVar() == &Reader)
            CapturedByReference = Capture.getCaptureKind() == LCK_ByRef;
      }
    const Stmt *Top = topLevel(*Point);
    if (!Top)
      return false;
    // Statements of one block: their order in the file is their order.
    const SourceManager &SM = Ctx.getSourceManager();
    if (SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Last->getBeginLoc()),
                                     SM.getExpansionLoc(Top->getBeginLoc())))
      Last = Top;
    const bool Kept = CapturedByReference
                          ? *CapturedByReference
                          : referenceMayEscape(
                                Use, [&](const Stmt &S) { return Parents.parent(S); }, Ctx);
    if (!Kept)
      return true;
    // Kept: only in a variable declared from this full-expression.
    const Expr *Full = Point;
    while (const auto *Outer = dyn_cast_or_null<Expr>(Parents.parent(*Full)))
      Full = Outer;
    const auto *Declaration = dyn_cast_or_null<DeclStmt>(Parents.parent(*Full));
    if (!Declaration)
      return false;
    const VarDecl *Holder = nullptr;
    for (const Decl *D : Declaration->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D); Var && Var->getInit() == Full)
        Holder = Var;
    if (!Holder)
      return false;
    // A range-for keeps its range in a hidden variable and reads it through
    // the loop variable.
    if (const auto *Loop = dyn_cast_or_null<CXXForRangeStmt>(Parents.parent(*Declaration));
        Loop && Loop->getRangeStmt() == Declaration)
      Holder = Loop->getLoopVariable();
    if (!Holder || isa<DecompositionDecl>(Holder) || !Holder->hasLocalStorage() ||
        Holder->isStaticLocal())
      return false;
    if (Parents.parent(*Declaration) == &Block && hasUserDestructor(*Holder, Ctx))
      return false;
    Made = Holder;
    return true;
  }

  /// The statement of the block that holds \p S.
  const Stmt *topLevel(const Stmt &S) const {
    const Stmt *Child = &S;
    for (const Stmt *P = Parents.parent(S); P; Child = P, P = Parents.parent(*P))
      if (P == &Block)
        return Child;
    return nullptr;
  }

  const CompoundStmt &Block;
  const LocalParents &Parents;
  ASTContext &Ctx;
  const Stmt *Last = nullptr;
};

} // namespace

LiveRange borrowLiveRange(const VarDecl &Var, const LocalParents &Parents, ASTContext &Ctx) {
  if (!Var.getInit() || !Var.hasLocalStorage() || Var.isStaticLocal() || isa<ParmVarDecl>(Var))
    return {};
  const auto *Declaration = dyn_cast_or_null<DeclStmt>(Parents.parent(*Var.getInit()));
  const auto *Block =
      Declaration ? dyn_cast_or_null<CompoundStmt>(Parents.parent(*Declaration)) : nullptr;
  if (!Block)
    return {};
  const SourceManager &SM = Ctx.getSourceManager();
  LiveRange Range{SM.getExpansionRange(Declaration->getEndLoc()).getEnd(), SourceLocation()};
  if (Parents.hasJump())
    return Range;
  LiveRangeFinder Finder(*Block, Parents, Ctx);
  if (const Stmt *Last = Finder.lastReader(Var, *Declaration))
    Range.End = SM.getExpansionRange(Last->getEndLoc()).getEnd();
  return Range;
}

} // namespace clang::tidy::c10::utils
