//===- LocalParents.cpp ---------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/LocalParents.h"
#include "clang/AST/ExprCXX.h"
#include <algorithm>

namespace clang::tidy::c10::utils {

bool isValueTransparent(const Stmt &S) {
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(&S))
    return Cast->getCastKind() == CK_NoOp || Cast->getCastKind() == CK_LValueToRValue ||
           Cast->getCastKind() == CK_UncheckedDerivedToBase ||
           Cast->getCastKind() == CK_DerivedToBase;
  return isa<ParenExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr, ExprWithCleanups>(S);
}

const Stmt *LocalParents::user(const Expr &E, const Expr *&Outer) const {
  Outer = &E;
  for (const Stmt *P = parent(E); P; P = parent(*P)) {
    if (!isValueTransparent(*P))
      return P;
    Outer = cast<Expr>(P);
  }
  return nullptr;
}

const VarDecl *LocalParents::variableInitialisedBy(const Expr &Init) const {
  return variableInitialisedIn(parent(Init), Init);
}

const VarDecl *variableInitialisedIn(const Stmt *Parent, const Expr &Init) {
  const auto *Declaration = dyn_cast_or_null<DeclStmt>(Parent);
  if (!Declaration)
    return nullptr;
  for (const Decl *D : Declaration->decls())
    if (const auto *Var = dyn_cast<VarDecl>(D); Var && Var->getInit() == &Init)
      return Var;
  return nullptr;
}

const Stmt &LocalParents::enclosingBody(const Stmt &S) const {
  for (const Stmt *P = parent(S); P; P = parent(*P)) {
    if (const auto *Lambda = dyn_cast<LambdaExpr>(P))
      return *Lambda->getBody();
    if (const auto *Block = dyn_cast<BlockExpr>(P))
      return *Block->getBody();
  }
  return Body;
}

const Expr &LocalParents::enclosingFullExpr(const Expr &E) const {
  const Expr *Full = &E;
  for (const Stmt *P = parent(E); P && isa<Expr>(P); P = parent(*P))
    Full = cast<Expr>(P);
  return *Full;
}

const LocalParents::UseIndex &LocalParents::index() const {
  if (Uses)
    return *Uses;
  UseIndex &Index = Uses.emplace();
  // The walk the parent map was built from, so every use found has parents.
  llvm::SmallVector<const Stmt *, 64> Work{&Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *Named = dyn_cast<VarDecl>(Ref->getDecl()))
        Index[Named->getCanonicalDecl()].push_back(Ref);
    if (isa<GotoStmt, IndirectGotoStmt>(S))
      Jump = true;
    // Children pushed last-first: a pre-order walk, in the order a matcher finds them.
    const size_t Mark = Work.size();
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
    std::reverse(Work.begin() + Mark, Work.end());
  }
  return Index;
}

bool LocalParents::hasJump() const {
  index();
  return Jump;
}

llvm::ArrayRef<const DeclRefExpr *> LocalParents::usesOf(const VarDecl &Var) const {
  const UseIndex &Index = index();
  auto It = Index.find(Var.getCanonicalDecl());
  if (It == Index.end())
    return {};
  return It->second;
}

llvm::SmallVector<const DeclRefExpr *, 8> LocalParents::usesOf(const VarDecl &Var,
                                                               const Stmt &Scope) const {
  llvm::SmallVector<const DeclRefExpr *, 8> Inside;
  for (const DeclRefExpr *Use : usesOf(Var))
    if (isInside(*Use, Scope))
      Inside.push_back(Use);
  return Inside;
}

bool LocalParents::isInside(const Stmt &S, const Stmt &Ancestor) const {
  for (const Stmt *P = &S; P; P = parent(*P))
    if (P == &Ancestor)
      return true;
  return false;
}

} // namespace clang::tidy::c10::utils
