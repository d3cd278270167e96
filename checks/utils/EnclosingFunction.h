//===- EnclosingFunction.h - the functions whose code holds a statement ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks analyse one function at a time, so each match carries the
// function it was found in. Matching `functionDecl(hasBody(forEachDescendant(
// X)))` walks every function body once per check; matching X itself and
// asking upward for its functions lets all checks share one traversal (see
// ReportedMatching.h). The upward walk finds the same functions the
// downward one did: every function whose body holds the statement, through
// nested lambdas and local classes, and each instantiation of a template
// that shares the statement.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_ENCLOSINGFUNCTION_H
#define C10TIDY_UTILS_ENCLOSINGFUNCTION_H

#include "clang/ASTMatchers/ASTMatchers.h"
#include <cstdint>

namespace clang::tidy::c10::utils {

enum class EnclosingCode : std::uint8_t {
  Body,               ///< The function's body.
  BodyOrInitializers, ///< The body, or a constructor's member and base initialisers.
};

/// Whether \p Node lies in \p Where of some function that \p Inner matches;
/// matches once per such function, each with \p Inner's bindings (like a
/// forEach matcher).
bool matchEnclosingFunctions(const Stmt &Node, EnclosingCode Where,
                             const ast_matchers::internal::Matcher<FunctionDecl> &Inner,
                             ast_matchers::internal::ASTMatchFinder *Finder,
                             ast_matchers::internal::BoundNodesTreeBuilder *Builder);

/// Matches a statement once for every function whose body holds it and that
/// \p Inner matches. Put it last in a matcher: it walks up the parents.
AST_MATCHER_P(Stmt, forEachEnclosingFunction, ast_matchers::internal::Matcher<FunctionDecl>,
              Inner) {
  return matchEnclosingFunctions(Node, EnclosingCode::Body, Inner, Finder, Builder);
}

/// Matches a statement once for every function whose body holds it, or
/// constructor whose member or base initialisers do, and that \p Inner
/// matches.
AST_MATCHER_P(Stmt, forEachEnclosingFunctionOrInitializer,
              ast_matchers::internal::Matcher<FunctionDecl>, Inner) {
  return matchEnclosingFunctions(Node, EnclosingCode::BodyOrInitializers, Inner, Finder, Builder);
}

} // namespace clang::tidy::c10::utils

#endif
