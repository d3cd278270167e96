//===- LocalParents.h - parents within one function body ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>

namespace clang::tidy::c10::utils {

/// Whether \p S only hands its child's value on to its parent: parentheses,
/// no-op, lvalue-to-rvalue and derived-to-base casts, and the bookkeeping of
/// temporaries. One rule for every check: two checks that skip different
/// casts would disagree about what an expression is used for.
bool isValueTransparent(const Stmt &S);

/// The variable that \p Parent (the parent of \p Init) declares with \p Init
/// as its whole initialiser, if any.
const VarDecl *variableInitialisedIn(const Stmt *Parent, const Expr &Init);

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

  /// The first ancestor of \p E that does something with its value (see
  /// isValueTransparent); \p Outer becomes the child of that ancestor on the
  /// path from \p E. Null when there is none inside the body.
  const Stmt *user(const Expr &E, const Expr *&Outer) const;

  /// Every name of \p Var in the body, in source order. The first question
  /// indexes the whole body once: asking per variable with a matcher walks
  /// the body again for each, which is quadratic in long functions.
  llvm::ArrayRef<const DeclRefExpr *> usesOf(const VarDecl &Var) const;

  /// The names of \p Var inside \p Scope (a statement of this body).
  llvm::SmallVector<const DeclRefExpr *, 8> usesOf(const VarDecl &Var, const Stmt &Scope) const;

  /// Whether \p S is \p Ancestor or inside it.
  bool isInside(const Stmt &S, const Stmt &Ancestor) const;

  /// Whether the body holds a `goto` (or a computed one): a jump back may run
  /// a statement again after a later one. Found by the walk usesOf makes.
  bool hasJump() const;

private:
  using UseIndex = llvm::DenseMap<const VarDecl *, llvm::SmallVector<const DeclRefExpr *, 4>>;

  /// Indexes the names of every variable, and notes any jump, in one walk.
  const UseIndex &index() const;

  const Stmt &Body;
  ParentMap Map;
  mutable std::optional<UseIndex> Uses;
  mutable bool Jump = false;
};

/// One LocalParents per function body, built on first need; a check keeps
/// one cache and clears it at the end of the translation unit.
class LocalParentsCache {
public:
  const LocalParents &of(const Stmt &Body) {
    std::unique_ptr<LocalParents> &P = Maps[&Body];
    if (!P)
      P = std::make_unique<LocalParents>(Body);
    return *P;
  }
  void clear() { Maps.clear(); }

private:
  llvm::DenseMap<const Stmt *, std::unique_ptr<LocalParents>> Maps;
};

} // namespace clang::tidy::c10::utils

#endif
