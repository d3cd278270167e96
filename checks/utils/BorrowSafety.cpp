//===- BorrowSafety.cpp ---------------------------------------------------===//

#include "utils/BorrowSafety.h"
#include "utils/SourceText.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::c10::utils {


BorrowVerdict canBorrowFrom(const Expr &Source, const Stmt &Region, ASTContext &Ctx) {
  const Expr *E = Source.IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const bool IsLocalOrParam =
      Var && !Ref->refersToEnclosingVariableOrCapture() &&
      (isa<ParmVarDecl>(Var) || (Var->hasLocalStorage() && !Var->getType()->isReferenceType()));
  if (!IsLocalOrParam)
    return {false, "'" + sourceText(Source.getSourceRange(), Ctx) +
                       "' is not a local variable or parameter: a container element, member "
                       "or global can change or die while the reference is alive"};

  // A const object cannot be written through its name, so the analyzer is only
  // asked about non-const ones. That matters for speed: the analyzer's test for
  // unevaluated contexts uses hasAncestor, which makes the ASTContext build a
  // parent map of the whole translation unit (about a second with
  // torch/script.h), while most receivers are `const IValue&` parameters.
  const bool IsConst = Var->getType().getNonReferenceType().isConstQualified();
  if (!IsConst && ExprMutationAnalyzer(Region, Ctx).isMutated(Var))
    return {false, "'" + Var->getName().str() +
                       "' is modified, or its address escapes, while the reference is alive"};
  return {true, {}};
}

bool isInTemplateInstantiation(const FunctionDecl &Fn) {
  for (const DeclContext *Context = &Fn; Context; Context = Context->getParent()) {
    if (const auto *Function = dyn_cast<FunctionDecl>(Context))
      if (Function->isTemplateInstantiation())
        return true;
    if (const auto *Record = dyn_cast<CXXRecordDecl>(Context)) {
      TemplateSpecializationKind Kind = Record->getTemplateSpecializationKind();
      if (Kind == TSK_ImplicitInstantiation || Kind == TSK_ExplicitInstantiationDeclaration ||
          Kind == TSK_ExplicitInstantiationDefinition)
        return true;
    }
  }
  return false;
}

} // namespace clang::tidy::c10::utils
