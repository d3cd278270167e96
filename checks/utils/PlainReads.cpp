//===- PlainReads.cpp -----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/PlainReads.h"
#include "utils/ArgumentParameters.h"
#include "utils/OwnershipSinks.h"
#include "utils/StdCasts.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::c10::utils {

namespace {

/// A parameter that cannot change its argument: a reference to const, or a
/// value of a type without class semantics (class-type values are copied by
/// a constructor, which is the user then).
bool bindsWithoutChange(const ParmVarDecl &Param) {
  QualType T = Param.getType();
  if (T->isLValueReferenceType())
    return T->getPointeeType().isConstQualified();
  return !T->isReferenceType() && !T->isPointerType() && !T->isRecordType() &&
         !T->isDependentType();
}

/// c10::List's element proxy, which a non-const `list[i]` returns by value:
/// a reference to the element that writes only through its own assignment
/// operators and reads through its const conversion.
bool isListElementProxy(QualType T) {
  const auto *Record = T->getAsCXXRecordDecl();
  return Record && Record->getIdentifier() && Record->getName() == "ListElementReference" &&
         Record->getQualifiedNameAsString() == "c10::impl::ListElementReference";
}

/// How many function templates deep a forwarded argument is followed
/// (`make_intrusive` -> `intrusive_ptr::make` -> `new T(...)` is two).
constexpr unsigned MaxForwardingDepth = 4;

/// The parameter of the template \p Callee was instantiated from that its
/// parameter \p Param comes from (the pack, for an expanded pack element).
const ParmVarDecl *patternParameter(const FunctionDecl &Callee, const ParmVarDecl &Param) {
  const FunctionDecl *Pattern = Callee.getTemplateInstantiationPattern();
  if (!Pattern)
    return nullptr;
  const unsigned Index = Param.getFunctionScopeIndex();
  for (unsigned I = 0; I < Pattern->getNumParams(); ++I) {
    const ParmVarDecl *Candidate = Pattern->getParamDecl(I);
    if (Candidate->isParameterPack())
      return Index >= I ? Candidate : nullptr;
    if (I == Index)
      return Candidate;
  }
  return nullptr;
}

/// Whether \p Param of the instantiation \p Callee is a forwarding
/// reference: declared `T&&` with `T` a template parameter of the function.
bool isForwardingParameter(const FunctionDecl &Callee, const ParmVarDecl &Param) {
  const ParmVarDecl *Pattern = patternParameter(Callee, Param);
  if (!Pattern)
    return false;
  QualType T = Pattern->getType();
  if (const auto *Expansion = T->getAs<PackExpansionType>())
    T = Expansion->getPattern();
  const auto *Ref = T->getAs<RValueReferenceType>();
  return Ref && !Ref->getPointeeType().hasQualifiers() &&
         Ref->getPointeeType()->getAs<TemplateTypeParmType>();
}

bool isPlainReadAt(const Expr &E, const LocalParents &Parents, unsigned Depth);

/// `std::forward<A>(p)` around \p E, or \p E itself.
const Expr *forwardedAs(const Expr &E, const LocalParents &Parents) {
  const Expr *Outer = nullptr;
  const Stmt *User = Parents.user(E, Outer);
  return isStdForward(User) ? cast<Expr>(User) : &E;
}

/// Whether an lvalue bound to the forwarding parameter \p Param of
/// \p Callee is only read there: every use of the parameter in the body is,
/// as it is or through `std::forward`, plainly read (a copy, a const
/// reference, or another forwarding parameter that only reads).
bool isOnlyReadWhenForwarded(const FunctionDecl &Callee, const ParmVarDecl &Param,
                             unsigned Depth) {
  const FunctionDecl *Definition = nullptr;
  if (Depth == 0 || !Callee.hasBody(Definition) || !Definition->getBody() ||
      Param.getFunctionScopeIndex() >= Definition->getNumParams())
    return false;
  const ParmVarDecl &Own = *Definition->getParamDecl(Param.getFunctionScopeIndex());
  LocalParents Inner(*Definition->getBody());
  return llvm::all_of(Inner.usesOf(Own, *Definition->getBody()), [&](const DeclRefExpr *Use) {
    return isPlainReadAt(*forwardedAs(*Use, Inner), Inner, Depth - 1);
  });
}

} // namespace

bool hasConstOverload(const CXXMethodDecl &Method) {
  if (Method.isConst())
    return true;
  for (const NamedDecl *D : Method.getParent()->lookup(Method.getDeclName())) {
    const auto *Other = dyn_cast_or_null<CXXMethodDecl>(D->getUnderlyingDecl()->getAsFunction());
    if (Other && Other != &Method && Other->isConst() &&
        Other->getNumParams() == Method.getNumParams() &&
        Other->getRefQualifier() != RQ_RValue)
      return true;
  }
  return false;
}

ObjectCall callOnObject(const Expr &E, const LocalParents &Parents) {
  const Expr *Outer = nullptr;
  const Stmt *User = Parents.user(E, Outer);
  if (const auto *Member = dyn_cast_or_null<MemberExpr>(User);
      Member && !Member->isArrow() && Member->getBase() == Outer) {
    const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(Parents.parent(*Member));
    if (Call && Call->getCallee() == Member && Call->getMethodDecl())
      return {Call, Call->getMethodDecl()};
  } else if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(User);
             Op && Op->getNumArgs() > 0 && Op->getArg(0) == Outer) {
    if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Op->getCalleeDecl()))
      return {Op, Method};
  }
  return {};
}

const Expr *plainWriteOf(const Expr &E, const LocalParents &Parents) {
  if (E.getType()->isPointerType() || E.getType()->isDependentType())
    return nullptr;
  const ObjectCall C = callOnObject(E, Parents);
  if (!C.Method || C.Method->isConst() || C.Method->isStatic() || hasConstOverload(*C.Method))
    return nullptr;
  return C.Call;
}

bool isPlainRead(const Expr &E, const LocalParents &Parents) {
  return isPlainReadAt(E, Parents, MaxForwardingDepth);
}

namespace {

bool isPlainReadAt(const Expr &E, const LocalParents &Parents, unsigned Depth) {
  if (E.getType()->isPointerType() || E.getType()->isDependentType())
    return false;
  // `v.isTuple()`: the object of a const member function. A non-const
  // accessor with a const overload (`v.toTensor()` on a non-const IValue,
  // `list[i]` on a non-const c10::List) reads `v` when what it returns is
  // only read: the const overload would return the same object, or its value.
  if (const ObjectCall C = callOnObject(E, Parents); C.Method) {
    if (C.Method->isConst())
      return true;
    return hasConstOverload(*C.Method) &&
           (C.Method->getReturnType()->isLValueReferenceType() ||
            isListElementProxy(C.Method->getReturnType())) &&
           isPlainReadAt(*C.Call, Parents, Depth);
  }
  // `use(v)`, `IValue copy = v`: an argument bound to a parameter that cannot
  // change it. A forwarding parameter (`make_intrusive<T>(v.toTensor())`)
  // is followed to where the function template hands it on.
  const Expr *Outer = nullptr;
  const Stmt *User = Parents.user(E, Outer);
  if (isa_and_nonnull<CallExpr, CXXConstructExpr>(User)) {
    const ParameterBinding B = parameterBoundTo(*cast<Expr>(User), *Outer);
    if (!B.Param)
      return false;
    if (bindsWithoutChange(*B.Param))
      return true;
    return B.Param->getType()->isLValueReferenceType() &&
           isForwardingParameter(*B.Callee, *B.Param) &&
           isOnlyReadWhenForwarded(*B.Callee, *B.Param, Depth);
  }
  return false;
}

} // namespace

bool isMutatedIn(const VarDecl &Var, const Stmt &Region, const LocalParents &Parents,
                 llvm::function_ref<ExprMutationAnalyzer &()> Analyzer,
                 llvm::function_ref<bool(const DeclRefExpr &)> Ignored) {
  // The analyzer counts the uses of a structured binding's names as uses of
  // the decomposed variable; the use index does not.
  if (isa<DecompositionDecl>(Var))
    return Analyzer().isMutated(&Var);
  return llvm::any_of(Parents.usesOf(Var, Region), [&](const DeclRefExpr *Use) {
    return !(Ignored && Ignored(*Use)) && !isPlainRead(*Use, Parents) &&
           (plainWriteOf(*Use, Parents) || Analyzer().findMutation(Use));
  });
}

bool isDiscardedPlainWrite(const Expr &E, const LocalParents &Parents) {
  const Expr *Write = plainWriteOf(E, Parents);
  if (!Write)
    return false;
  const Stmt *P = Parents.parent(*Write);
  while (isa_and_nonnull<ExprWithCleanups, ParenExpr>(P))
    P = Parents.parent(*P);
  return isa_and_nonnull<CompoundStmt>(P);
}

} // namespace clang::tidy::c10::utils
