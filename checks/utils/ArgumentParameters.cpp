//===- ArgumentParameters.cpp ---------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/ArgumentParameters.h"
#include "clang/AST/DeclCXX.h"

namespace clang::tidy::c10::utils {

CalleeParameters calleeParameters(const Expr &Call) {
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(&Call))
    return {Construct->getConstructor(), 0};
  const auto *C = dyn_cast<CallExpr>(&Call);
  const auto *Callee = C ? dyn_cast_or_null<FunctionDecl>(C->getCalleeDecl()) : nullptr;
  if (!Callee)
    return {};
  const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
  const bool ObjectIsFirstArgument =
      isa<CXXOperatorCallExpr>(C) && Method && !Method->isExplicitObjectMemberFunction();
  return {Callee, ObjectIsFirstArgument ? 1u : 0u};
}

ParameterBinding parameterBoundTo(const Expr &Call, const Expr &Argument) {
  const CalleeParameters P = calleeParameters(Call);
  if (!P.Callee)
    return {};
  const auto *Construct = dyn_cast<CXXConstructExpr>(&Call);
  const auto *C = dyn_cast<CallExpr>(&Call);
  const unsigned NumArgs = Construct ? Construct->getNumArgs() : C->getNumArgs();
  for (unsigned Arg = P.FirstArgument; Arg < NumArgs; ++Arg) {
    const Expr *A = Construct ? Construct->getArg(Arg) : C->getArg(Arg);
    const unsigned Param = Arg - P.FirstArgument;
    if (A == &Argument && Param < P.Callee->getNumParams())
      return {P.Callee, P.Callee->getParamDecl(Param)};
  }
  return {};
}

} // namespace clang::tidy::c10::utils
