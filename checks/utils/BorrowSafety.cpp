//===- BorrowSafety.cpp ---------------------------------------------------===//

#include "utils/BorrowSafety.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::c10::utils {

static std::string sourceText(const Expr &E, ASTContext &Ctx) {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(E.getSourceRange()),
                              Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

BorrowVerdict canBorrowFrom(const Expr &Source, const Stmt &Region, ASTContext &Ctx) {
  const Expr *E = Source.IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const bool IsLocalOrParam =
      Var && !Ref->refersToEnclosingVariableOrCapture() &&
      (isa<ParmVarDecl>(Var) || (Var->hasLocalStorage() && !Var->getType()->isReferenceType()));
  if (!IsLocalOrParam)
    return {false, "'" + sourceText(Source, Ctx) +
                       "' is not a local variable or parameter: a container element, member "
                       "or global can change or die while the reference is alive"};

  if (ExprMutationAnalyzer(Region, Ctx).isMutated(Var))
    return {false, "'" + Var->getName().str() +
                       "' is modified, or its address escapes, while the reference is alive"};
  return {true, {}};
}

const Stmt *enclosingFunctionBody(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (const auto *Lambda = P.get<LambdaExpr>())
      return Lambda->getBody();
    if (const auto *Fn = P.get<FunctionDecl>())
      return Fn->getBody();
    if (const auto *Block = P.get<BlockDecl>())
      return Block->getBody();
    Parents = Ctx.getParents(P);
  }
  return nullptr;
}

const Expr &enclosingFullExpr(const Expr &E, ASTContext &Ctx) {
  const Expr *Full = &E;
  for (DynTypedNodeList Parents = Ctx.getParents(E); !Parents.empty();
       Parents = Ctx.getParents(Parents[0])) {
    const auto *Parent = Parents[0].get<Expr>();
    if (!Parent)
      break;
    Full = Parent;
  }
  return *Full;
}

bool isInTemplateInstantiation(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (const auto *Fn = P.get<FunctionDecl>())
      if (Fn->isTemplateInstantiation())
        return true;
    if (const auto *Record = P.get<CXXRecordDecl>())
      if (isa<ClassTemplateSpecializationDecl>(Record))
        return true;
    Parents = Ctx.getParents(P);
  }
  return false;
}

} // namespace clang::tidy::c10::utils
