//===- PlainReads.cpp -----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/PlainReads.h"
#include "utils/ArgumentParameters.h"
#include "utils/OwnershipSinks.h"
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
           isPlainRead(*C.Call, Parents);
  }
  // `use(v)`, `IValue copy = v`: an argument bound to a parameter that cannot
  // change it.
  const Expr *Outer = nullptr;
  const Stmt *User = Parents.user(E, Outer);
  if (isa_and_nonnull<CallExpr, CXXConstructExpr>(User)) {
    const ParameterBinding B = parameterBoundTo(*cast<Expr>(User), *Outer);
    return B.Param && bindsWithoutChange(*B.Param);
  }
  return false;
}

bool isMutatedIn(const VarDecl &Var, const Stmt &Region, const LocalParents &Parents,
                 llvm::function_ref<ExprMutationAnalyzer &()> Analyzer) {
  // The analyzer counts the uses of a structured binding's names as uses of
  // the decomposed variable; the use index does not.
  if (isa<DecompositionDecl>(Var))
    return Analyzer().isMutated(&Var);
  return llvm::any_of(Parents.usesOf(Var, Region), [&](const DeclRefExpr *Use) {
    return !isPlainRead(*Use, Parents) &&
           (plainWriteOf(*Use, Parents) || Analyzer().findMutation(Use));
  });
}

} // namespace clang::tidy::c10::utils
