//===- RvalueParameterCallers.h - do the callers give the object up? -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A parameter `std::vector<IValue>&& v` promises that the caller hands the
// object over, but only promises: `f(std::move(x)); use(x);` is legal, and
// sees `x` unchanged as long as `f` copies from `v`. Moving from `v` inside
// `f` is then a change the caller can see. It is the same program only when
// every call of `f` hands over an object nothing reads again: a temporary,
// or `std::move(x)` at the last use of a local `x`. That can be known only
// of a function no other translation unit can call (internal linkage) whose
// address is never taken, by looking at every reference to it.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_RVALUEPARAMETERCALLERS_H
#define C10TIDY_UTILS_RVALUEPARAMETERCALLERS_H

#include "utils/LastUse.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <string>

namespace clang::tidy::c10::utils {

/// Whether every call of \p Function in the translation unit passes, for
/// \p Param, an object that nothing reads after the call: a temporary, or
/// `std::move(x)` where `x` is a local or by-value parameter of the calling
/// function and that is its last use there (LastUseAnalysis::isLastUse, asked
/// of \p LastUseOf). \p Function must have internal linkage, no reference to
/// it may be anything but the callee of a direct call, and it must not be a
/// template or in one. Otherwise \p WhyNot says why.
bool everyCallerHandsOver(const FunctionDecl &Function, const ParmVarDecl &Param,
                          llvm::function_ref<LastUseAnalysis &(const FunctionDecl &)> LastUseOf,
                          ASTContext &Ctx, std::string &WhyNot);

} // namespace clang::tidy::c10::utils

#endif
