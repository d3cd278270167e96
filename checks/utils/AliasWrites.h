//===- AliasWrites.h - may something change a borrow's source unseen? -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A reference that replaces an owning copy (`const auto& t = x.toTensor()`,
// `x.toListRef()` for `x.toList()`) reads the source at every use, while the
// copy read it once. The two are the same program only when nothing changes
// the source while the reference lives, and the source can be changed
// without being named: through a second reference to the same object (two
// reference parameters bound to one argument), through another handle that
// shares the same tuple or list (`IValue` and `c10::List` are shared
// handles), through a `mutable` member written by a const member function,
// or by code the analysis cannot see (a callback, a function defined
// elsewhere).
//
// sharedStateWriteIn finds the first place in a region that may do any of
// these to storage of the borrow's source. It is the one answer to "may an
// alias be written?" that every check which borrows asks.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_ALIASWRITES_H
#define C10TIDY_UTILS_ALIASWRITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace clang::tidy::c10::utils {

/// The storage a borrow reads: the types of the objects on the way from the
/// root to the borrowed object, and the local variables that are on that
/// way (writes to other by-value locals cannot reach it).
struct BorrowedStorage {
  llvm::SmallVector<QualType, 6> Types;
  llvm::SmallPtrSet<const VarDecl *, 4> OnPath;
  /// The variable that becomes the reference: its own uses are reads.
  const VarDecl *Borrower = nullptr;
  /// Whether the path reaches storage other names may share: a reference or
  /// pointer on the way, or the payload of a shared handle (a tuple, a
  /// list). Otherwise the storage is the own storage of the by-value locals
  /// in OnPath, and only code given one of them can change it.
  bool Shared = true;
  /// For the own storage of by-value locals: whether code not handed a
  /// variable of OnPath may still reach one (a by-reference capture, an
  /// address that escaped, a constructor that may have kept `this`); unknown
  /// (nullopt) unless an analysis of the whole function answered, and never
  /// asked of storage that is shared from the start. Storage that may be
  /// reached is analysed as Shared, and code out of sight counts as writing it.
  std::optional<bool> Reachable;
  /// The expression that reaches the storage, if it lies in the region: it
  /// is evaluated before the borrow exists, so what it calls (`peek(stack,
  /// 0, n)` takes the stack by non-const reference) is not a write into it.
  const Stmt *Source = nullptr;

  void addType(QualType T);
};

/// A place that may change the borrowed storage, and why, in words.
struct AliasWrite {
  const Stmt *At = nullptr;
  std::string Why;
  explicit operator bool() const { return At != nullptr; }
};

/// The first statement of \p Region that starts at or after \p After (an
/// invalid location: anywhere) and may write the storage \p Storage
/// describes: a non-const operation on an object whose type may hold or be
/// held by one of its types (other than a by-value local off the path), a
/// non-const reference, rvalue reference or pointer of such a type passed to
/// a call, an operation on a shared c10 handle (`c10::List`, `c10::Dict`),
/// `const_cast`, or a call into code the analysis cannot see (user
/// functions are looked into when their bodies are visible). Statements of
/// \p Region that begin after \p Until (a file location; invalid: none) are
/// past the borrow's last read (BorrowLiveRange.h) and are not looked at.
AliasWrite sharedStateWriteIn(const Stmt &Region, SourceLocation After,
                              const BorrowedStorage &Storage, ASTContext &Ctx,
                              SourceLocation Until = SourceLocation());

/// Whether \p First, the first write sharedStateWriteIn found in \p Region
/// from \p After, and every other write there lie past \p LastRead (the end
/// of the borrow's last read; invalid: not known). A reference cannot see
/// such a write, so the advice to borrow stands; only its rewrite may
/// release earlier what the copy keeps alive. A second look up to
/// \p LastRead makes sure that no write the walk met later lies before it.
bool writesOnlyAfter(const AliasWrite &First, SourceLocation LastRead, const Stmt &Region,
                     SourceLocation After, const BorrowedStorage &Storage, ASTContext &Ctx);

/// Whether the object \p E names may be, hold or be held by the storage
/// \p Storage describes: the test sharedStateWriteIn applies to what a write
/// changes. A by-value local off the path (or a member or standard container
/// element of one) is not; with shared storage, anything whose type is,
/// holds or is held by one of its types is (two reference parameters of one
/// type may name one object).
bool mayReachStorage(const Expr &E, const BorrowedStorage &Storage, ASTContext &Ctx);

/// Whether \p A and \p B name two different by-value fields of the same
/// `*this` (`out_` and `stack_`), which are distinct objects: not members of a
/// union, not references or pointers (which may refer to each other).
bool areDistinctFieldsOfThis(const Expr &A, const Expr &B);

/// What \p Call (a call or construction of \p Callee) is given to change:
/// the object of a non-const member function, an argument bound to a
/// non-const reference or pointer, a shared handle passed by value.
llvm::SmallVector<const Expr *, 4> writableArguments(const Expr &Call,
                                                     const FunctionDecl &Callee);

} // namespace clang::tidy::c10::utils

#endif
