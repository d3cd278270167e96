//===- LocalParents.cpp ---------------------------------------------------===//

#include "utils/LocalParents.h"
#include "clang/AST/ExprCXX.h"

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
  const auto *Declaration = dyn_cast_or_null<DeclStmt>(parent(Init));
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

} // namespace clang::tidy::c10::utils
