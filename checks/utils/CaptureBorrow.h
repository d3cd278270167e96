//===- CaptureBorrow.h - a by-copy lambda capture that could be a reference ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A predicate handed to a library algorithm often captures a handle by copy:
//
//   at::Tensor elem = ...;
//   auto it = std::find_if(l.begin(), l.end(), [elem](const at::Tensor& b) {
//     return elem.equal(b);
//   });
//
// The capture is an atomic increment and decrement for every copy of the
// closure (the algorithm takes it by value and may copy it again). `[&elem]`
// reads the same handle, provided that
//   - the closure runs only inside the call it is handed to, and is not kept
//     (LastUseAnalysis::runsInPlace);
//   - nothing can change the variable while the call runs: no other code can
//     reach it (LastUseAnalysis::mayBeReachedByOtherCode) and nothing else in
//     the full-expression names it;
//   - the body only reads the capture in ways that pick the same function
//     whether it is the closure's const copy or a reference to the variable
//     (a const member function with no non-const overload of its name, a
//     `const T&` parameter with no overload taking a non-const reference
//     there); a `mutable` closure, a nested lambda, an address or any other
//     use keeps the copy.
// This file proves those facts; c10-refcounted-copy reports what it finds.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_CAPTUREBORROW_H
#define C10TIDY_UTILS_CAPTUREBORROW_H

#include "utils/LastUse.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/LambdaCapture.h"
#include <optional>
#include <string>

namespace clang::tidy::c10::utils {

/// A by-copy capture that a by-reference capture can replace.
struct CaptureBorrow {
  const VarDecl *Var = nullptr;
  /// The library call the closure runs in (`std::find_if`).
  const FunctionDecl *RunsIn = nullptr;
  /// Empty when inserting `&` before the capture's name is the rewrite;
  /// otherwise why not, for the note.
  std::string NoFixReason;
};

/// Whether \p Capture, an explicit by-copy capture of \p Lambda, can capture
/// by reference instead with the same meaning; \p A analyses the function
/// that declares the captured variable and contains \p Lambda.
std::optional<CaptureBorrow> captureBorrow(const LambdaExpr &Lambda, const LambdaCapture &Capture,
                                           LastUseAnalysis &A);

} // namespace clang::tidy::c10::utils

#endif
