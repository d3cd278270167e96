//===- PlainReads.h - uses that are reads by their parents alone -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clang's ExprMutationAnalyzer answers every question with matcher runs over
// the whole statement it was given; asked once per use of every variable of a
// long function, that is quadratic. Most uses are plainly reads: passed to a
// `const T&` parameter, copied, or the object of a const member call. Those
// are decided here from the use's parents, and only the rest go to the
// analyzer.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_PLAINREADS_H
#define C10TIDY_UTILS_PLAINREADS_H

#include "utils/LocalParents.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang::tidy::c10::utils {

/// Whether the value of \p E (an object of class type, not a pointer or
/// reference variable's pointee) is plainly read where it is used. Besides
/// what ExprMutationAnalyzer finds unchanged, this counts a non-const
/// accessor that has a const overload (`v.toTensor()`) as a read when its
/// result is plainly read: the analyzer calls that a change, though the
/// const overload would read the same object. False means "ask the
/// analyzer", not "changed".
bool isPlainRead(const Expr &E, const LocalParents &Parents);

/// Whether \p Method has a const overload: calling the non-const one on an
/// object only read (`ivalue.toTensor()`, `vector[i]`) does not change it.
bool hasConstOverload(const CXXMethodDecl &Method);

/// A member function called on \p E (`E.f(...)`, or `E op ...` with a member
/// operator) and its call; both null when \p E is used otherwise.
struct ObjectCall {
  const Expr *Call = nullptr;
  const CXXMethodDecl *Method = nullptr;
};
ObjectCall callOnObject(const Expr &E, const LocalParents &Parents);

/// The call that plainly changes \p E where it is used: \p E is the object
/// of a non-const member function without a const overload (`v = w`,
/// `v.reset()`), which ExprMutationAnalyzer counts as a change too. Null
/// means "ask the analyzer", not "unchanged".
const Expr *plainWriteOf(const Expr &E, const LocalParents &Parents);

/// What ExprMutationAnalyzer(Region).isMutated(&Var) answers, asking
/// \p Analyzer (an analyzer over \p Region, built on first need) only about
/// the uses that are neither plain reads nor plain writes. Uses for which
/// \p Ignored holds do not count.
bool isMutatedIn(const VarDecl &Var, const Stmt &Region, const LocalParents &Parents,
                 llvm::function_ref<ExprMutationAnalyzer &()> Analyzer,
                 llvm::function_ref<bool(const DeclRefExpr &)> Ignored = nullptr);

/// Whether \p E is the object of a plain write (plainWriteOf) that is a
/// statement of its own (`v = f();`, `v.reset();`): its value is discarded,
/// so no reference or pointer into \p E comes out of it.
bool isDiscardedPlainWrite(const Expr &E, const LocalParents &Parents);

} // namespace clang::tidy::c10::utils

#endif
