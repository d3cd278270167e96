//===- ReturnTail.h - can anything see a variable moved near the end? ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A reference or pointer to a local that outlives a call (a callee without a
// visible body that takes the local by reference, a lambda capturing it by
// reference) normally forbids moving the local later: code that runs after
// the move could read it, moved-from, through that name. Near the end of a
// function, what runs after the move is known: the rest of the function's
// statements and the destructors of its locals. If all of that is library
// code working on values that cannot refer to anything (no pointer, view,
// `this`, global object or user type is involved), no name taken earlier is
// ever read again, and the move is the same program.
//
// This is the shape of most custom operators: output tensors are handed by
// reference to a kernel launcher defined elsewhere, then returned
// (`return std::make_tuple(grad_a, grad_b);`) or collected
// (`outputs.push_back(grad_a); ... return outputs;`).
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_RETURNTAIL_H
#define C10TIDY_UTILS_RETURNTAIL_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang::tidy::c10::utils {

/// Whether \p Use, a local variable of the function \p Function or a `T&&`
/// parameter (not a by-value parameter: the caller destroys it, at the end of
/// its own full-expression), is in a closed tail: no code that runs after it can
/// read the variable through a reference, pointer or by-reference capture
/// taken before. \p Use is in a `return`'s value, an expression statement of
/// a block or of an if's branch, or a local's initialiser (not in a lambda,
/// a loop, a switch or a try block), and that statement and every statement
/// after it up to the end of the function (the rest of each enclosing block;
/// declarations, expressions, returns, blocks and ifs only) run only library
/// code on values. The caller answers for `goto`, which could run earlier
/// statements again (LastUseAnalysis knows whether the function has one):
///   - every call, construction and conversion in them is library code (not
///     virtual), and every value they form is of a builtin or library type
///     whose template arguments are too;
///   - the variables they read are by-value locals or parameters, or
///     reference parameters, whose type cannot refer to another object (no
///     pointer, reference, view, `MaybeOwned`, type-erased callable), or
///     globals of arithmetic or enumeration type or of a library class
///     without state (`c10::nullopt`, `std::in_place`); no `this`, `*p`, `p->m`
///     or `a[i]` on a pointer, no lambda, no `new`, no `throw`;
///   - destroying the locals in scope and the by-value parameters runs no
///     user code, and none of them waits for other work to finish
///     (`std::thread`, `std::future`: that work may still be reading).
/// \p Parent gives the parent of a statement in \p Function.
bool isInClosedTail(const DeclRefExpr &Use, const FunctionDecl &Function,
                    llvm::function_ref<const Stmt *(const Stmt &)> Parent, ASTContext &Ctx);

} // namespace clang::tidy::c10::utils

#endif
