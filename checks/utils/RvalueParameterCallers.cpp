//===- RvalueParameterCallers.cpp -----------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/RvalueParameterCallers.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::c10::utils {

namespace {

/// The references to one function in the declarations it walks, and the
/// function whose body holds each.
class ReferenceFinder : public RecursiveASTVisitor<ReferenceFinder> {
public:
  explicit ReferenceFinder(const FunctionDecl &Target) : Target(Target.getCanonicalDecl()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *F) { return traverseFunction(F); }
  bool TraverseCXXMethodDecl(CXXMethodDecl *F) { return traverseFunction(F); }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *F) { return traverseFunction(F); }
  bool TraverseCXXDestructorDecl(CXXDestructorDecl *F) { return traverseFunction(F); }
  bool TraverseCXXConversionDecl(CXXConversionDecl *F) { return traverseFunction(F); }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl()->getCanonicalDecl() == Target)
      Found.push_back({Ref, Enclosing});
    return true;
  }

  struct Reference {
    const DeclRefExpr *Ref;
    const FunctionDecl *Caller; ///< Null outside a function body.
  };
  llvm::SmallVector<Reference, 4> Found;

private:
  template <typename T> bool traverseFunction(T *F) {
    const FunctionDecl *Outer = Enclosing;
    Enclosing = F;
    const bool Result = RecursiveASTVisitor<ReferenceFinder>::WalkUpFromFunctionDecl(F) &&
                        traverseFunctionParts(F);
    Enclosing = Outer;
    return Result;
  }
  bool traverseFunctionParts(FunctionDecl *F) {
    for (ParmVarDecl *P : F->parameters())
      if (!TraverseDecl(P))
        return false;
    if (auto *Ctor = dyn_cast<CXXConstructorDecl>(F))
      for (CXXCtorInitializer *Init : Ctor->inits())
        if (!TraverseConstructorInitializer(Init))
          return false;
    return !F->doesThisDeclarationHaveABody() || TraverseStmt(F->getBody());
  }

  const Decl *Target;
  const FunctionDecl *Enclosing = nullptr;
};

/// `std::move(x)`: the variable `x` names, when it is a local or by-value
/// parameter of \p Caller.
const DeclRefExpr *movedVariable(const Expr &Argument, const FunctionDecl &Caller) {
  const auto *Call = dyn_cast<CallExpr>(Argument.IgnoreParenImpCasts());
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Call->getNumArgs() != 1 || !Callee->isInStdNamespace() ||
      !Callee->getIdentifier() || Callee->getName() != "move")
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(Call->getArg(0)->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || Var->getParentFunctionOrMethod() != &Caller)
    return nullptr;
  return Ref;
}

} // namespace

bool everyCallerHandsOver(const FunctionDecl &Function, const ParmVarDecl &Param,
                          llvm::function_ref<LastUseAnalysis &(const FunctionDecl &)> LastUseOf,
                          ASTContext &Ctx, std::string &WhyNot) {
  const std::string Name = "'" + Function.getNameAsString() + "'";
  if (Function.isExternallyVisible() || Function.isTemplated() ||
      Function.isTemplateInstantiation() || Function.getDescribedFunctionTemplate()) {
    WhyNot = "other translation units may call " + Name;
    return false;
  }
  // A function of internal linkage is named only in its own translation
  // unit, after its first declaration: in the main file, or in a header
  // included after it.
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation First = Function.getFirstDecl()->getLocation();
  ReferenceFinder Finder(Function);
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (D->getEndLoc().isValid() && !SM.isBeforeInTranslationUnit(D->getEndLoc(), First))
      Finder.TraverseDecl(D);
  const unsigned Index = Param.getFunctionScopeIndex();
  for (const auto &[Ref, Caller] : Finder.Found) {
    if (!Caller || !Caller->doesThisDeclarationHaveABody()) {
      WhyNot = Name + " is named outside a function body";
      return false;
    }
    LastUseAnalysis &L = LastUseOf(*Caller);
    const auto *Decay = dyn_cast_or_null<ImplicitCastExpr>(L.parent(*Ref));
    const auto *Call = Decay ? dyn_cast_or_null<CallExpr>(L.parent(*Decay)) : nullptr;
    if (!Call || Call->getCallee()->IgnoreParens() != Decay || Index >= Call->getNumArgs()) {
      WhyNot = "the address of " + Name + " is taken, so some calls are out of sight";
      return false;
    }
    const Expr &Argument = *Call->getArg(Index);
    if (Argument.IgnoreImplicit()->isPRValue() ||
        isa<MaterializeTemporaryExpr>(Argument.IgnoreParens()))
      continue;
    const DeclRefExpr *Moved = movedVariable(Argument, *Caller);
    std::string CallerWhyNot;
    if (!Moved || !L.isMovableVariable(*Moved, CallerWhyNot) ||
        !L.isLastUse(*Moved, CallerWhyNot)) {
      WhyNot = "a call of " + Name + " may read the object it passed afterwards (line " +
               std::to_string(SM.getPresumedLineNumber(Call->getBeginLoc())) + ")";
      return false;
    }
  }
  return true;
}

} // namespace clang::tidy::c10::utils
