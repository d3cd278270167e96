//===- LocalParents.h - parents within one function body ------------------===//
//
// ASTContext::getParents() builds a parent map of the whole translation unit
// on first use: about a second for a file that includes torch/script.h, which
// would dominate a check that otherwise costs milliseconds. The checks only
// ever look at the parents of code inside one function body, so they map just
// that body.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_LOCALPARENTS_H
#define C10TIDY_UTILS_LOCALPARENTS_H

#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"

namespace clang::tidy::c10::utils {

/// The parent statements of everything inside one function body.
class LocalParents {
public:
  explicit LocalParents(const Stmt &Body) : Body(Body), Map(const_cast<Stmt *>(&Body)) {}

  /// The parent of \p S, or null for the body itself.
  const Stmt *parent(const Stmt &S) const { return Map.getParent(&S); }

  /// The variable whose initialiser is \p Init, if \p Init is one.
  const VarDecl *variableInitialisedBy(const Expr &Init) const;

  /// The body of the innermost function or lambda around \p S.
  const Stmt &enclosingBody(const Stmt &S) const;

  /// The full-expression that contains \p E (its outermost enclosing Expr).
  const Expr &enclosingFullExpr(const Expr &E) const;

private:
  const Stmt &Body;
  ParentMap Map;
};

} // namespace clang::tidy::c10::utils

#endif
