//===- OwnershipSinks.cpp -------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/OwnershipSinks.h"
#include "utils/ArgumentParameters.h"
#include "utils/DeclNames.h"
#include "utils/LocalParents.h"
#include "utils/StdCasts.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::c10::utils {

namespace {

/// Forwarding chains in the standard library are deep (make_tuple ->
/// tuple -> _Tuple_impl -> _Head_base for each element); past this depth the
/// answer is "no".
constexpr unsigned MaxForwardingDepth = 12;

/// Callees whose `List<T>&&` (or `Dict<K, V>&&`) overload takes the handle's
/// storage over rather than copying the handle: IValue's constructors, and
/// `c10::impl::toList`, which moves the list's `intrusive_ptr` out.
bool takesStorageOver(const FunctionDecl &Callee) {
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Callee))
    return isNamed(Ctor->getParent(), "IValue");
  return isNamed(&Callee, "toList") && Callee.getQualifiedNameAsString() == "c10::impl::toList";
}

/// Whether \p Record has a move constructor (or move assignment) that
/// overload resolution would pick for an rvalue: otherwise std::move copies.
bool hasUsableMove(const CXXRecordDecl &Record, bool Assignment) {
  if (!Record.hasDefinition() || isCopiedWhenMoved(Record))
    return false;
  if (Assignment) {
    for (const CXXMethodDecl *Method : Record.methods())
      if (Method->isMoveAssignmentOperator())
        return !Method->isDeleted();
    return Record.needsImplicitMoveAssignment();
  }
  for (const CXXConstructorDecl *Ctor : Record.ctors())
    if (Ctor->isMoveConstructor())
      return !Ctor->isDeleted();
  return Record.needsImplicitMoveConstructor();
}

/// `template <class T> f(C<T>&&)` next to the one-parameter `f(const C<U>&)`
/// that was called: `IValue(c10::List<T>&&)` beside `IValue(const
/// c10::List<T>&)`, where the `&&` overload takes the list over.
bool isRvalueTemplateTwin(const FunctionTemplateDecl &Template, const FunctionDecl &Callee,
                          QualType Pointee) {
  const FunctionDecl *Pattern = Template.getTemplatedDecl();
  if (Callee.getNumParams() != 1 || Pattern->getNumParams() != 1 || Pattern->isDeleted() ||
      Callee.getPrimaryTemplate() == &Template)
    return false;
  QualType Param = Pattern->getParamDecl(0)->getType();
  if (!Param->isRValueReferenceType() || Param->getPointeeType().isConstQualified())
    return false;
  const auto *Written = Param->getPointeeType()->getAs<TemplateSpecializationType>();
  const auto *Passed = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Pointee->getAsCXXRecordDecl());
  if (!Written || !Passed)
    return false;
  const TemplateDecl *Named = Written->getTemplateName().getAsTemplateDecl();
  return Named && Named->getCanonicalDecl() == Passed->getSpecializedTemplate()->getCanonicalDecl();
}

/// `f(T&&)` next to `f(const T&)` with every other parameter the same.
bool hasRvalueTwin(const FunctionDecl &Callee, const ParmVarDecl &Param, ASTContext &Ctx) {
  QualType Pointee = Param.getType()->getPointeeType();
  const unsigned Index = Param.getFunctionScopeIndex();
  const auto *Method = dyn_cast<CXXMethodDecl>(&Callee);
  for (const NamedDecl *Found :
       Callee.getDeclContext()->getRedeclContext()->lookup(Callee.getDeclName())) {
    if (const auto *Template = dyn_cast<FunctionTemplateDecl>(Found->getUnderlyingDecl())) {
      if (isRvalueTemplateTwin(*Template, Callee, Pointee))
        return true;
      continue;
    }
    const auto *Twin = dyn_cast<FunctionDecl>(Found->getUnderlyingDecl());
    if (!Twin || Twin == &Callee || Twin->isDeleted() ||
        Twin->getNumParams() != Callee.getNumParams())
      continue;
    if (const auto *TwinMethod = dyn_cast<CXXMethodDecl>(Twin);
        Method && TwinMethod &&
        (Method->isConst() != TwinMethod->isConst() ||
         Method->isStatic() != TwinMethod->isStatic()))
      continue;
    bool Matches = true;
    for (unsigned I = 0; I < Callee.getNumParams() && Matches; ++I) {
      QualType Theirs = Twin->getParamDecl(I)->getType();
      if (I != Index) {
        Matches = Ctx.hasSameType(Theirs, Callee.getParamDecl(I)->getType());
        continue;
      }
      Matches = Theirs->isRValueReferenceType() && !Theirs->getPointeeType().isConstQualified() &&
                Ctx.hasSameUnqualifiedType(Theirs->getPointeeType(), Pointee);
    }
    if (Matches)
      return true;
  }
  return false;
}

/// `std::forward<T>(p)`, `std::move(p)` or `static_cast<T&&>(p)` around
/// \p Use: the callee hands its argument on as an rvalue when it got one.
const Expr *forwardingOf(const DeclRefExpr &Use, const ParentMap &Parents) {
  const Stmt *Child = &Use;
  const Stmt *P = Parents.getParent(Child);
  while (P && (isa<ParenExpr>(P) ||
               (isa<ImplicitCastExpr>(P) && cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp))) {
    Child = P;
    P = Parents.getParent(P);
  }
  if (const auto *Call = dyn_cast_or_null<CallExpr>(P))
    return isStdMoveOrForward(Call) ? Call : nullptr;
  if (const auto *Cast = dyn_cast_or_null<ExplicitCastExpr>(P);
      Cast && Cast->getTypeAsWritten()->isRValueReferenceType())
    return Cast;
  return nullptr;
}

void collectUses(const Stmt *S, const ParmVarDecl &Param,
                 llvm::SmallVectorImpl<const DeclRefExpr *> &Uses) {
  if (!S)
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == &Param)
    Uses.push_back(Ref);
  for (const Stmt *Child : S->children())
    collectUses(Child, Param, Uses);
}

} // namespace

bool isCopiedWhenMoved(const CXXRecordDecl &Record) {
  return isInTopLevelNamespace(Record, "c10") &&
         (isNamed(&Record, "List") || isNamed(&Record, "Dict"));
}

bool OwnershipSinks::takesRvalueOver(const FunctionDecl &Callee, const ParmVarDecl &Param,
                                     unsigned Depth) {
  if (Depth > MaxForwardingDepth || !Param.getType()->isLValueReferenceType())
    return false;
  // A subscript (`cache[key]`) copies its key only when it inserts one; a key
  // already present is looked up by reference, so a move may save nothing.
  if (Callee.getOverloadedOperator() == OO_Subscript)
    return false;
  // An assignment to an rvalue (`std::move(a) = b`) writes into the
  // object; at::Tensor's copies the data in place (copy_) and keeps no handle.
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&Callee);
      Method && Method->getRefQualifier() == RQ_RValue &&
      Method->getOverloadedOperator() == OO_Equal)
    return false;
  QualType Pointee = Param.getType()->getPointeeType();
  if (!Pointee.isConstQualified())
    return forwardsIntoOwner(Callee, Param, Depth);
  // A List or Dict "moved" into anything but an overload that takes its
  // storage over is copied on the way (push_back(T&&) constructs the element
  // by copy).
  if (const CXXRecordDecl *Passed = Pointee->getAsCXXRecordDecl();
      Passed && isCopiedWhenMoved(*Passed))
    return takesStorageOver(Callee) && hasRvalueTwin(Callee, Param, Ctx);
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Callee); Ctor && Ctor->isCopyConstructor())
    return hasUsableMove(*Ctor->getParent(), /*Assignment=*/false);
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&Callee);
      Method && Method->isCopyAssignmentOperator())
    return hasUsableMove(*Method->getParent(), /*Assignment=*/true);
  return hasRvalueTwin(Callee, Param, Ctx);
}

bool OwnershipSinks::hasMovingRvalueTwin(const CXXMethodDecl &Method, const ASTContext &Ctx) {
  if (Method.getRefQualifier() != RQ_LValue || Method.isStatic() ||
      !Method.getDeclName().isIdentifier())
    return false;
  const QualType Returned = Method.getReturnType();
  if (!Returned->isLValueReferenceType() &&
      (Returned->isReferenceType() || !Method.isConst() || !Returned->getAsCXXRecordDecl()))
    return false;
  const QualType Value = Method.getReturnType().getNonReferenceType().getUnqualifiedType();
  for (const NamedDecl *Found : Method.getParent()->lookup(Method.getDeclName())) {
    const auto *Twin = dyn_cast<CXXMethodDecl>(Found->getUnderlyingDecl());
    if (!Twin || Twin == &Method || Twin->isDeleted() || Twin->getRefQualifier() != RQ_RValue ||
        Twin->isConst() || Twin->getNumParams() != Method.getNumParams() ||
        Twin->getReturnType()->isReferenceType() ||
        !Ctx.hasSameUnqualifiedType(Twin->getReturnType(), Value))
      continue;
    bool SameParams = true;
    for (unsigned I = 0; I < Method.getNumParams() && SameParams; ++I)
      SameParams = Ctx.hasSameType(Twin->getParamDecl(I)->getType(),
                                   Method.getParamDecl(I)->getType());
    if (SameParams)
      return true;
  }
  return false;
}

bool OwnershipSinks::hasBorrowingTwin(const CXXMethodDecl &Method) {
  if (!Method.getDeclName().isIdentifier())
    return false;
  const std::string Borrowing = (Method.getName() + "Ref").str();
  return llvm::any_of(Method.getParent()->methods(), [&](const CXXMethodDecl *Other) {
    return Other->getDeclName().isIdentifier() && Other->getName() == Borrowing;
  });
}

bool OwnershipSinks::forwardsIntoOwner(const FunctionDecl &Callee, const ParmVarDecl &Param,
                                       unsigned Depth) {
  // An inherited constructor (`using Base::Base;`, as std::optional's payload
  // classes have) has no body of its own: the base's constructor, given the
  // same arguments, decides.
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Callee);
      Ctor && Ctor->isInheritingConstructor()) {
    const CXXConstructorDecl *Base = Ctor->getInheritedConstructor().getConstructor();
    const unsigned Index = Param.getFunctionScopeIndex();
    return Base && Index < Base->getNumParams() &&
           takesRvalueOver(*Base, *Base->getParamDecl(Index), Depth + 1);
  }
  // A forwarding reference deduced as `T&` exists only in an instantiation,
  // and only an instantiated body says where the argument goes.
  if (!Callee.isTemplateInstantiation() || !Callee.getBody())
    return false;
  if (auto It = Forwarding.find(&Param); It != Forwarding.end())
    return It->second;
  Forwarding[&Param] = false; // Recursion through the same parameter answers no.
  ParentMap Parents(Callee.getBody());
  llvm::SmallVector<const DeclRefExpr *, 4> Uses;
  collectUses(Callee.getBody(), Param, Uses);
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Callee))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit()) {
        Parents.addStmt(Init->getInit());
        collectUses(Init->getInit(), Param, Uses);
      }
  bool Result = false;
  for (const DeclRefExpr *Use : Uses)
    if (const Expr *Forwarded = forwardingOf(*Use, Parents);
        Forwarded && consumerTakesOver(*Forwarded, Parents, Depth)) {
      Result = true;
      break;
    }
  Forwarding[&Param] = Result;
  return Result;
}

bool OwnershipSinks::consumerTakesOver(const Expr &Forwarded, const ParentMap &Parents,
                                       unsigned Depth) {
  const Expr *Child = &Forwarded;
  const Stmt *P = Parents.getParent(Child);
  while (P && isValueTransparent(*P) && !isa<MaterializeTemporaryExpr>(P)) {
    Child = cast<Expr>(P);
    P = Parents.getParent(P);
  }
  const auto *Consumer = dyn_cast_or_null<Expr>(P);
  if (!Consumer || !isa<CallExpr, CXXConstructExpr>(Consumer))
    return false;
  ParameterBinding B = parameterBoundTo(*Consumer, *Child);
  return B.Param && takesRvalueOver(*B.Callee, *B.Param, Depth + 1);
}

} // namespace clang::tidy::c10::utils
