//===- ReferenceEscape.h - may a reference outlive its expression? --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A move at a variable's "last use" is only the same program when nothing
// reads the variable later through another name: a pointer (`&t`,
// std::addressof), a reference wrapper (std::cref, std::tie), a view
// (c10::ArrayRef, an iterator), an object whose constructor keeps a
// reference to its argument, or a callee that stores the reference it was
// given. This file answers, for one use of a variable, whether such a name
// may survive the full-expression the use is in. Every check that moves or
// borrows asks it here, so that all agree on what an escape is.
//
// Library code (libtorch, the standard library) is trusted not to keep a
// reference to an argument except through what it returns; user code is
// looked into when its body is visible, and counts as keeping the reference
// when it is not (or the call is indirect or virtual).
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_REFERENCEESCAPE_H
#define C10TIDY_UTILS_REFERENCEESCAPE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::c10::utils {

/// Whether \p D is library code: in a system header, or declared in one of
/// libtorch's or the standard library's namespaces (libtorch's headers are
/// not always on a system include path).
bool isLibraryCode(const Decl &D, const ASTContext &Ctx);

/// A type that can hold a pointer into another object's contents: a
/// reference, a pointer, or a class with a trivial destructor (which owns
/// nothing) that holds a pointer or reference (string_view, ArrayRef, span,
/// reference_wrapper, iterators, a tuple of references) -- not a plain value
/// such as a Device.
bool mayBorrow(QualType T);

/// Whether a reference or pointer to (a part of) the object \p Use names may
/// outlive the full-expression \p Use is in: its address is taken, it is
/// bound to a reference, pointer or view variable or member, captured by
/// reference, wrapped in a view that is kept, or handed to a call that may
/// keep it. \p Parent gives the parent of a statement in the function \p Use
/// is in.
bool referenceMayEscape(const Expr &Use, llvm::function_ref<const Stmt *(const Stmt &)> Parent,
                        ASTContext &Ctx);

/// A local variable whose later uses an analysis can follow in place of the
/// reference it was initialised with: automatic storage, not a parameter or
/// a structured binding, of reference, pointer or trivially destructible
/// class type (destroying it reads nothing).
bool isFollowableAlias(const VarDecl &Var);

/// Like referenceMayEscape, except that the reference, pointer or view
/// initialising a local variable for which isFollowableAlias holds does not
/// count as escaping there: the variable is appended to \p BoundTo, and the
/// caller answers for its uses (`auto acc = t.accessor<float, 1>();`).
bool referenceMayEscapeExceptInto(const Expr &Use,
                                  llvm::function_ref<const Stmt *(const Stmt &)> Parent,
                                  ASTContext &Ctx,
                                  llvm::SmallVectorImpl<const VarDecl *> &BoundTo);

/// Whether \p Call (a CallExpr or CXXConstructExpr) may keep a reference or
/// pointer to what its argument \p Argument refers to after the call, other
/// than through the value it returns.
bool callMayKeepArgument(const Expr &Call, const Expr &Argument, ASTContext &Ctx);

/// A callable wrapper whose call operator runs code chosen at run time
/// (std::function and its kin).
bool isTypeErasedCallable(const CXXRecordDecl &Record);

/// Whether the code \p Call runs is chosen at run time: a call through a
/// std::function or function pointer (\p Callee null) or a virtual call.
bool isIndirectCall(const FunctionDecl *Callee, const Expr &Call, const ASTContext &Ctx);

/// Whether calling \p Callee may run code the analysis cannot see: a user
/// function without a visible body, a virtual call, or a call through a
/// std::function or function pointer (\p Callee null).
bool isOpaqueCall(const FunctionDecl *Callee, const Expr &Call, const ASTContext &Ctx);

/// Whether a value of type \p T may refer to another object: a reference,
/// a pointer, a view, a class that may hold one (a field of a user class, a
/// library template over a reference or pointer), a type-erased callable.
/// Not void, a number, or a class that owns what it holds (at::Tensor,
/// std::vector<at::Tensor>).
bool valueMayRefer(QualType T, const ASTContext &Ctx);

} // namespace clang::tidy::c10::utils

#endif
