//===- ArgumentParameters.h - which parameter an argument initialises -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The arguments of a call or construction pair with the callee's parameters,
// except that an overloaded member operator's first argument is the object
// it is called on (unless the operator takes that object as an explicit
// `this` parameter). Checks ask this when they look at one argument, and
// c10-intrusive-ptr-move's pattern asks it at every call of the reported
// code, so the pairing is written once here, and the matcher below does not
// build matchers for each call as ast_matchers::forEachArgumentWithParam
// does.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_ARGUMENTPARAMETERS_H
#define C10TIDY_UTILS_ARGUMENTPARAMETERS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"

namespace clang::tidy::c10::utils {

/// The parameter an argument expression initialises.
struct ParameterBinding {
  const FunctionDecl *Callee = nullptr;
  const ParmVarDecl *Param = nullptr;
};

/// The function whose parameters the arguments of \p Call (a CallExpr or a
/// CXXConstructExpr) initialise, and the index of the argument that
/// initialises its first parameter. No callee for calls through pointers.
struct CalleeParameters {
  const FunctionDecl *Callee = nullptr;
  unsigned FirstArgument = 0;
};
CalleeParameters calleeParameters(const Expr &Call);

/// The parameter \p Argument (a direct argument of \p Call: a CallExpr or a
/// CXXConstructExpr) binds, or an empty binding (variadic arguments, calls
/// through pointers).
ParameterBinding parameterBoundTo(const Expr &Call, const Expr &Argument);

/// Like ast_matchers::forEachArgumentWithParam: every argument of a call or
/// construction (parentheses and casts stripped) that \p ArgMatcher matches,
/// bound to a parameter that \p ParamMatcher matches. The parameter is tried
/// first, as it is the cheaper test where the parameter matcher is a type.
AST_POLYMORPHIC_MATCHER_P2(forEachArgumentAndParameter,
                           AST_POLYMORPHIC_SUPPORTED_TYPES(CallExpr, CXXConstructExpr),
                           ast_matchers::internal::Matcher<Expr>, ArgMatcher,
                           ast_matchers::internal::Matcher<ParmVarDecl>, ParamMatcher) {
  const CalleeParameters P = calleeParameters(Node);
  if (!P.Callee)
    return false;
  ast_matchers::internal::BoundNodesTreeBuilder Result;
  bool Matched = false;
  for (unsigned Arg = P.FirstArgument, Param = 0;
       Arg < Node.getNumArgs() && Param < P.Callee->getNumParams(); ++Arg, ++Param) {
    ast_matchers::internal::BoundNodesTreeBuilder Matches(*Builder);
    if (ParamMatcher.matches(*P.Callee->getParamDecl(Param), Finder, &Matches) &&
        ArgMatcher.matches(*Node.getArg(Arg)->IgnoreParenCasts(), Finder, &Matches)) {
      Result.addMatch(Matches);
      Matched = true;
    }
  }
  *Builder = std::move(Result);
  return Matched;
}

} // namespace clang::tidy::c10::utils

#endif
