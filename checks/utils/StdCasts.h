//===- StdCasts.h - std::move and std::forward calls ------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `std::move(x)` and `std::forward<T>(x)` are casts spelled as calls: the
// analyses look through them, or treat them as handing the object over.
// Recognised in one place, by one rule: a direct call of a function of that
// name in namespace std (inline namespaces included, as libc++'s `std::__1`)
// with one argument, which leaves out the algorithm
// `std::move(first, last, out)`.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_STDCASTS_H
#define C10TIDY_UTILS_STDCASTS_H

#include "DeclNames.h"
#include "clang/AST/Expr.h"
#include <cstdint>

namespace clang::tidy::c10::utils {

enum class StdCast : std::uint8_t { None, Move, Forward };

/// Which of the two casts \p S calls, if either.
inline StdCast stdCastOf(const Stmt *S) {
  const auto *Call = llvm::dyn_cast_or_null<CallExpr>(S);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Call->getNumArgs() != 1 || !Callee->isInStdNamespace())
    return StdCast::None;
  if (isNamed(Callee, "move"))
    return StdCast::Move;
  if (isNamed(Callee, "forward"))
    return StdCast::Forward;
  return StdCast::None;
}

inline bool isStdMove(const Stmt *S) { return stdCastOf(S) == StdCast::Move; }
inline bool isStdForward(const Stmt *S) { return stdCastOf(S) == StdCast::Forward; }
inline bool isStdMoveOrForward(const Stmt *S) { return stdCastOf(S) != StdCast::None; }

} // namespace clang::tidy::c10::utils

#endif
