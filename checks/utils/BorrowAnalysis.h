//===- BorrowAnalysis.h - may a local handle copy be a reference? ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `auto t = v.toTensor();` copies a refcounted handle out of something that
// is already alive. When the copy is only read, and what it was copied from
// stays alive and unchanged while the copy lives, a const reference is the
// same program without the atomic increment and decrement. This file answers
// the three questions for one local variable:
//  1. Is the source borrowed? It is followed through members, reference-
//     returning calls, subscripts and at most one pointer to a root: a local
//     variable, a parameter, or something the analysis cannot see (`this`, a
//     global). Temporaries are not borrowed.
//  2. Is the copy only read? clang's ExprMutationAnalyzer, plus the uses it
//     does not model as mutations but that need the ownership (moved from,
//     returned, thrown, captured by value, address taken).
//  3. Is the borrow safe? Proven (the root and the references on the way are
//     not modified while the copy lives), unproven (the root is out of sight),
//     or broken (something on the way is modified, e.g. the element is popped).
// The ownership decision (OwnershipDecision.h) turns the answers into advice.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_BORROWANALYSIS_H
#define C10TIDY_UTILS_BORROWANALYSIS_H

#include "utils/AliasWrites.h"
#include "utils/LocalParents.h"
#include "utils/TraversalScope.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::c10::utils {

/// Where a copied value comes from.
struct CopySource {
  /// Variables whose value must stay unchanged for a reference to stay valid:
  /// the root and every local reference the path goes through.
  SmallVector<const VarDecl *, 4> Stable;
  /// Set when the path goes through what this (raw or smart) pointer points to.
  const VarDecl *PointerRoot = nullptr;
  /// The names the source expression itself uses (not changes of its root).
  llvm::SmallPtrSet<const DeclRefExpr *, 8> PathRefs;
  /// The storage the copy is read from, for the question whether something
  /// else may change it (AliasWrites.h).
  BorrowedStorage Storage;
  /// Why a reference cannot be proven to stay valid; empty when it can.
  std::string Unsafe;

  void unsafe(std::string Why) {
    if (Unsafe.empty())
      Unsafe = std::move(Why);
  }
};

/// A local copy that passed the cheap, syntactic tests.
struct BorrowCandidate {
  const VarDecl *Var;
  const Expr *Source;
  const Stmt *Scope; ///< The block the copy lives in.
  const DeclStmt *Declaration;
  const FunctionDecl *Function;
  const LocalParents *Parents;
  CopySource Path;
};

/// \p Var, initialised by the copy constructor call \p Copy, as a candidate
/// for a reference: its source is borrowed, it lives in a block, it is used,
/// and no use needs the ownership. Syntactic; asks no mutation analysis.
std::optional<BorrowCandidate> findBorrowCandidate(const VarDecl &Var, const CXXConstructExpr &Copy,
                                                   const FunctionDecl &Function,
                                                   const LocalParents &Parents, ASTContext &Ctx);

enum class BorrowSafety : std::uint8_t {
  Proven,   ///< A reference stays valid and unchanged: the fix-it is safe.
  /// A reference stays valid and unchanged while it is read, but something
  /// after its last read may change the source through another name, which
  /// could release what the copy keeps alive to the end of the block: the
  /// advice holds, the fix-it is not offered.
  ReadsProven,
  Unproven, ///< The source is out of the analysis' sight.
  Broken,   ///< The source is (or may be) modified while the copy lives.
};

struct BorrowJudgement {
  bool OnlyRead = false;
  /// performance-unnecessary-copy-initialization reports this copy.
  bool UpstreamReports = false;
  BorrowSafety Safety = BorrowSafety::Broken;
  std::string Reason; ///< Why the borrow is not proven safe.
  std::vector<std::pair<SourceLocation, std::string>> Notes;
};

/// The mutation analysis of a candidate. Builds an ExprMutationAnalyzer over
/// the candidate's block: ask it with the AST's traversal scope narrowed to
/// the function (see TraversalScopeGuard).
BorrowJudgement judgeBorrow(const BorrowCandidate &C, ASTContext &Ctx);

/// Whether performance-unnecessary-copy-initialization reports \p Var, a
/// local initialised by the copy constructor call \p Copy (also a copy of
/// another variable, which is never a borrow candidate).
bool upstreamCopyInitReports(const VarDecl &Var, const CXXConstructExpr &Copy,
                             const LocalParents &Parents, ASTContext &Ctx);

/// `const auto& ` or `const T& ` for the declaration of \p Var.
std::optional<std::string> referenceDeclarator(const VarDecl &Var, const ASTContext &Ctx);


} // namespace clang::tidy::c10::utils

#endif
