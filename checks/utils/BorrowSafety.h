//===- BorrowSafety.h - may a copy be replaced by a reference? ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A fix-it that replaces an owning copy (an intrusive_ptr, an IValue) by a
// reference into the source is only the same program when the source can
// neither change nor die while the reference lives. These helpers decide that
// conservatively for the checks that offer such fix-its.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_BORROWSAFETY_H
#define C10TIDY_UTILS_BORROWSAFETY_H

#include "clang/AST/ASTContext.h"
#include "utils/BorrowLiveRange.h"
#include "utils/LocalParents.h"
#include "clang/AST/Expr.h"
#include <string>

namespace clang::tidy::c10::utils {

/// Why a borrow from a source expression is or is not safe.
struct BorrowVerdict {
  bool Safe = false;
  /// When not safe: a note for the user, e.g. "'stack[i]' is not a local
  /// variable or parameter; a container element can move or die".
  std::string Reason;
  /// Something in the region may change the source: a reference would see
  /// the change or dangle, so the borrowing advice itself is wrong (no
  /// finding), not only its rewrite.
  bool Changed = false;
};

/// Whether a reference into \p Source stays valid and unchanged for as long as
/// \p Region runs. Only local variables (not references) and parameters named
/// directly qualify, and then only when \p Region neither modifies them nor
/// takes their address as a pointer or reference to non-const. Container
/// elements, members, globals, captures and anything reached through a
/// pointer are never safe: code the check cannot see may change them.
/// \p Parents maps the function body \p Region is part of.
/// Nor may anything in \p Region write the source's storage through another
/// name (AliasWrites.h): \p Viewed are the types of what the reference reads
/// inside the source (the tuple of `toTupleRef()`, the list of `toListRef()`).
/// When the reference is a variable (\p Live, see BorrowLiveRange.h), writes
/// before its declaration do not count, nor writes after its last read when
/// \p Source is a by-value local or parameter (a change there cannot release
/// what the copy would have held) or when no borrow is safe anyway (only
/// Changed, whether the advice itself is wrong, is asked). \p Borrower is the
/// variable that becomes the reference, if any: the check has proven each of
/// its uses a read, so what they hand on (`make_intrusive<T>(e[0].toTensor())`)
/// does not count as a write. \p CopyHoldsElements says that the copy the
/// reference replaces holds its own references to what it reads inside the
/// source (a std::vector copied out of a tuple or list): a write through
/// another name after the last read may then release those elements earlier
/// than the copy would have, so for a fix-it writes to the end of \p Region
/// count.
BorrowVerdict canBorrowFrom(const Expr &Source, const Stmt &Region, const LocalParents &Parents,
                            ASTContext &Ctx, llvm::ArrayRef<QualType> Viewed = {},
                            LiveRange Live = {}, const VarDecl *Borrower = nullptr,
                            bool CopyHoldsElements = false);

/// Whether the object \p E names lives inside a temporary of its
/// full-expression (`f(x).value()`, `make().toTuple()->elements()`): a
/// reference into it dangles after the full-expression.
bool isWithinTemporary(const Expr &E);

/// Whether \p E is itself a temporary object of its full-expression (a
/// prvalue materialised and not lifetime-extended: `f()` of `f()[0]`), not
/// something reached through one (`f().toTuple()->elements()` names a tuple
/// other handles may share). Nothing else can name it, and it is destroyed
/// at the end of the full-expression: what it holds may be moved out.
bool isUnsharedTemporary(const Expr &E);

/// A change, after \p After in \p Region, of a member that \p Source is
/// borrowed from (a field of `*this`, or of what a captured or local pointer
/// points to): the container popped, cleared or assigned, the handle reset.
/// A reference into \p Source would dangle or see the change, so an owning
/// copy of it is needed. Null when there is none.
const Stmt *memberChangedAfter(const Expr &Source, const Stmt &Region, SourceLocation After,
                               ASTContext &Ctx);

/// Why giving \p Var another declared type (`const auto&` for a copy, an
/// ArrayRef for a vector) would change more than where its value is read
/// from: `decltype` names its type, a deduced template parameter or a
/// deduced reference (`auto&`, `auto&&`) takes its type from it, or it binds
/// a non-const reference parameter, whose overload a const variable would
/// not pick. Empty when nothing in \p Scope observes the type.
std::string typeObservedIn(const VarDecl &Var, const Stmt &Scope, const LocalParents &Parents,
                           ASTContext &Ctx);

/// Whether \p Fn is, or lies in, an instantiation of a template (function or
/// class); fix-its there would rewrite the template's source for every
/// instantiation.
bool isInTemplateInstantiation(const FunctionDecl &Fn);

} // namespace clang::tidy::c10::utils

#endif
