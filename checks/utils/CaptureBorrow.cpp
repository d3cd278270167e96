//===- CaptureBorrow.cpp --------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/CaptureBorrow.h"
#include "utils/ArgumentParameters.h"
#include "utils/BorrowSafety.h"
#include "utils/SourceText.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

namespace clang::tidy::c10::utils {

namespace {

/// The declarations a call of \p Callee could have chosen from: those of its
/// name in its own scope (a class's constructors, for a constructor) and, for
/// a free function or an operator, in \p Handle's namespace, which
/// argument-dependent lookup searches too. Null for a declaration of another
/// kind (a using-declaration), which is not looked into.
llvm::SmallVector<const FunctionDecl *, 8> overloadsOf(const FunctionDecl &Callee,
                                                       const CXXRecordDecl *Handle) {
  llvm::SmallVector<const FunctionDecl *, 8> Result;
  auto collect = [&](const DeclContext &Context) {
    for (const NamedDecl *D : Context.lookup(Callee.getDeclName())) {
      if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D))
        Result.push_back(Template->getTemplatedDecl());
      else if (const auto *Function = dyn_cast<FunctionDecl>(D))
        Result.push_back(Function);
      else
        Result.push_back(nullptr); // a using-declaration or something else: unknown
    }
  };
  if (isa<CXXConstructorDecl>(Callee)) {
    for (const CXXConstructorDecl *Ctor : cast<CXXRecordDecl>(Callee.getParent())->ctors())
      Result.push_back(Ctor);
    return Result;
  }
  collect(*Callee.getDeclContext()->getRedeclContext());
  if ((!isa<CXXMethodDecl>(Callee) || Callee.isOverloadedOperator()) && Handle)
    collect(*Handle->getDeclContext()->getEnclosingNamespaceContext());
  return Result;
}

/// Whether \p T would bind a non-const lvalue differently from a const one:
/// a non-const lvalue reference, or a forwarding reference.
bool prefersNonConst(QualType T) {
  if (T->isLValueReferenceType())
    return !T.getNonReferenceType().isConstQualified();
  const auto *RValue = T->getAs<RValueReferenceType>();
  return RValue && RValue->getPointeeType()->isTemplateTypeParmType();
}

/// Whether the object of a member call (no \p Index), or the argument at
/// \p Index, can be a non-const lvalue instead of a const one without another
/// overload of \p Callee being chosen. For an operator, whose candidates
/// include free functions that take the object as an argument, no candidate
/// may prefer a non-const lvalue at any position.
bool sameOverloadForNonConst(const FunctionDecl &Callee, std::optional<unsigned> Index,
                             const CXXRecordDecl *Handle) {
  const bool Operator = Callee.isOverloadedOperator();
  for (const FunctionDecl *Candidate : overloadsOf(Callee, Handle)) {
    if (!Candidate)
      return false;
    if (const auto *Method = dyn_cast<CXXMethodDecl>(Candidate);
        Method && (!Index || Operator) && !Method->isConst() && !Method->isStatic() &&
        Method->getRefQualifier() != RQ_RValue)
      return false;
    if (!Operator && !Index)
      continue;
    for (unsigned I = 0; I < Candidate->getNumParams(); ++I)
      if ((Operator || I == *Index) && prefersNonConst(Candidate->getParamDecl(I)->getType()))
        return false;
  }
  return true;
}

/// Whether \p Use, the capture named in the closure's body, is read in a way
/// that chooses the same function when it names the variable itself.
bool isConstAgnosticRead(const DeclRefExpr &Use, const LambdaExpr &Lambda,
                         const CXXRecordDecl *Handle, const LastUseAnalysis &A) {
  const Stmt *Child = &Use;
  const Stmt *P = A.parent(Use);
  while (isa_and_nonnull<ParenExpr, ImplicitCastExpr>(P)) {
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P);
        Cast && Cast->getCastKind() != CK_NoOp && Cast->getCastKind() != CK_DerivedToBase &&
        Cast->getCastKind() != CK_UncheckedDerivedToBase)
      break;
    Child = P;
    P = A.parent(*P);
  }
  // Inside a nested lambda the capture may be copied into a closure that
  // outlives this one.
  for (const Stmt *Up = P; Up && Up != &Lambda; Up = A.parent(*Up))
    if (isa<LambdaExpr>(Up))
      return false;
  // The object of a member function call (`elem.equal(b)`).
  if (const auto *Member = dyn_cast_or_null<MemberExpr>(P)) {
    const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(A.parent(*Member));
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    return !Member->isArrow() && Method && Call->getCallee()->IgnoreParens() == Member &&
           sameOverloadForNonConst(*Method, std::nullopt, Handle);
  }
  const auto *Call = dyn_cast_or_null<Expr>(P);
  if (!Call || !isa<CallExpr, CXXConstructExpr>(Call))
    return false;
  // An argument bound to a `const T&` parameter (`same(elem, b)`).
  if (const ParameterBinding B = parameterBoundTo(*Call, *cast<Expr>(Child)); B.Param) {
    QualType T = B.Param->getType();
    return T->isLValueReferenceType() && T.getNonReferenceType().isConstQualified() &&
           sameOverloadForNonConst(*B.Callee, B.Param->getFunctionScopeIndex(), Handle);
  }
  // The object of a member operator (`elem[i]`, `elem == b`).
  const auto *Operator = dyn_cast<CXXOperatorCallExpr>(Call);
  return Operator && Operator->getArg(0) == Child &&
         isa_and_nonnull<CXXMethodDecl>(Operator->getDirectCallee()) &&
         sameOverloadForNonConst(*Operator->getDirectCallee(), std::nullopt, Handle);
}

} // namespace

std::optional<CaptureBorrow> captureBorrow(const LambdaExpr &Lambda, const LambdaCapture &Capture,
                                           LastUseAnalysis &A) {
  if (!Capture.capturesVariable() || Capture.getCaptureKind() != LCK_ByCopy ||
      Capture.isImplicit() || Capture.isPackExpansion() || Lambda.isMutable())
    return std::nullopt;
  const auto *Var = dyn_cast<VarDecl>(Capture.getCapturedVar());
  // A template's instantiations may differ in what the body calls; one
  // capture list serves them all.
  const auto *Owner = Var ? dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod()) : nullptr;
  if (!Owner || Owner->isDependentContext() || isInTemplateInstantiation(*Owner))
    return std::nullopt;
  // An init-capture declares a variable of its own; a reference variable
  // would be read through, into an object other code may change.
  if (Var->isInitCapture() || !Var->hasLocalStorage() ||
      Var->getType()->isReferenceType() || Var->getType().isVolatileQualified() ||
      !A.parent(Lambda))
    return std::nullopt;
  const FunctionDecl *RunsIn = A.libraryCallRunning(Lambda);
  if (!RunsIn || A.mayBeReachedByOtherCode(*Var))
    return std::nullopt;
  // Nothing else in the call's full-expression may name the variable: the
  // arguments are evaluated in no fixed order, and the capture would read
  // the variable when the call runs, not when the closure was made.
  const Expr &Full = A.fullExpr(Lambda);
  const CXXRecordDecl *Handle = Var->getType()->getAsCXXRecordDecl();
  for (const DeclRefExpr *Use : A.usesOf(*Var)) {
    bool InBody = false;
    for (const Stmt *Up = A.parent(*Use); Up && !InBody; Up = A.parent(*Up))
      InBody = Up == Lambda.getBody();
    if (InBody) {
      if (!isConstAgnosticRead(*Use, Lambda, Handle, A))
        return std::nullopt;
      continue;
    }
    if (&A.fullExpr(*Use) != &Full)
      continue;
    // The capture's own initialisation is the only use allowed there.
    const Stmt *Init = A.parent(*Use);
    while (isa_and_nonnull<ImplicitCastExpr, ParenExpr>(Init))
      Init = A.parent(*Init);
    if (!Init || A.parent(*Init) != &Lambda)
      return std::nullopt;
  }
  CaptureBorrow Result{Var, RunsIn, {}};
  if (Lambda.getCaptureDefault() == LCD_ByRef)
    Result.NoFixReason = "the lambda's default capture is by reference: remove '" +
                         Var->getName().str() + "' from the capture list";
  else if (isInMacro({Capture.getLocation(), Lambda.getBeginLoc()}))
    Result.NoFixReason = "the lambda is inside a macro expansion";
  return Result;
}

} // namespace clang::tidy::c10::utils
