//===- TupleElementsSource.cpp --------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/TupleElementsSource.h"
#include "utils/DeclNames.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::c10::utils {

namespace {

/// \p E without the casts, temporaries and parentheses around it.
const Expr *stripImplicit(const Expr *E) {
  for (const Expr *Prev = nullptr; E != Prev;) {
    Prev = E;
    E = E->IgnoreImplicit()->IgnoreParens();
  }
  return E;
}

} // namespace

const Expr *tupleOwner(const CXXMemberCallExpr &ElementsCall) {
  const auto *Callee = cast<MemberExpr>(ElementsCall.getCallee()->IgnoreParens());
  const Expr *Object = stripImplicit(Callee->getBase());
  if (Callee->isArrow() && Object->getType()->isPointerType() && !isa<CXXOperatorCallExpr>(Object))
    return nullptr;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Object);
      Op && (Op->getOperator() == OO_Arrow || Op->getOperator() == OO_Star) &&
      Op->getNumArgs() == 1)
    Object = stripImplicit(Op->getArg(0));
  if (const auto *Accessor = dyn_cast<CXXMemberCallExpr>(Object)) {
    const CXXMethodDecl *Method = Accessor->getMethodDecl();
    if (Method && (isNamed(Method, "toTupleRef") || isNamed(Method, "toTuple")))
      Object = Accessor->getImplicitObjectArgument();
  }
  return Object;
}

const CXXMemberCallExpr *tupleElementsCopiedInto(const VarDecl &Var,
                                                 const std::vector<std::string> &TupleClasses) {
  const Expr *E = Var.getInit();
  while (E) {
    E = stripImplicit(E);
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
      E = Construct->getNumArgs() == 1 ? Construct->getArg(0) : nullptr;
      continue;
    }
    const auto *Call = dyn_cast<CXXMemberCallExpr>(E);
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    if (!Method)
      return nullptr;
    if (isa<CXXConversionDecl>(Method) || isNamed(Method, "vec")) {
      E = Call->getImplicitObjectArgument();
      continue;
    }
    if (isNamed(Method, "elements") && Method->getReturnType()->isLValueReferenceType() &&
        isa<MemberExpr>(Call->getCallee()->IgnoreParens()) &&
        llvm::is_contained(TupleClasses, "::" + Method->getParent()->getQualifiedNameAsString()))
      return Call;
    return nullptr;
  }
  return nullptr;
}

} // namespace clang::tidy::c10::utils
