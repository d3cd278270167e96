//===- LocalParents.cpp ---------------------------------------------------===//

#include "utils/LocalParents.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::c10::utils {

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
