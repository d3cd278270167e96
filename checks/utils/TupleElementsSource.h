//===- TupleElementsSource.h - where a copy of a tuple's elements comes from ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `Tuple::elements()` returns a view of the tuple's IValues; a local made
// from it (`auto e = t->elements();`, `std::vector<IValue> e = ...`,
// `.vec()`) is a copy that c10-tuple-elements-copy may advise to bind as a
// reference instead. Whether it can depends on who keeps the tuple alive: a
// named handle may, a temporary (`f().toTuple()->elements()`) may not. Both
// that check and the checks that must not contradict its borrow (a move out
// of the copy's elements) ask here.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_TUPLEELEMENTSSOURCE_H
#define C10TIDY_UTILS_TUPLEELEMENTSSOURCE_H

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include <string>
#include <vector>

namespace clang::tidy::c10::utils {

/// The handle that keeps the tuple alive in `handle->elements()`,
/// `(*handle).elements()`, `iv.toTupleRef().elements()`,
/// `iv.toTuple()->elements()`; null when the tuple is reached through a raw
/// pointer, whose owner cannot be seen.
const Expr *tupleOwner(const CXXMemberCallExpr &ElementsCall);

/// The `elements()` call (of one of \p TupleClasses, the overload returning
/// a reference) whose result \p Var's initialiser copies: the TupleElements
/// copy, the conversion to std::vector, `.vec()`. Null for anything else.
const CXXMemberCallExpr *tupleElementsCopiedInto(const VarDecl &Var,
                                                 const std::vector<std::string> &TupleClasses);

} // namespace clang::tidy::c10::utils

#endif
