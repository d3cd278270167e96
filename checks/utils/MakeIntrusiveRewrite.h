//===- MakeIntrusiveRewrite.h - `new T(...)` as make_intrusive<T>(...) ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// c10-make-intrusive and c10-intrusive-ptr-reclaim both replace a call that
// adopts a fresh `new T(...)` (unsafe_steal_from_new, reclaim) with
// `c10::make_intrusive<T>(...)`. make_intrusive runs
// `new TTarget(std::forward<Args>(args)...)` inside intrusive_ptr::make (in
// libtorch 1.13 and in the reference runtime alike), so the rewrite is the
// same program only where that expression initialises the object the way the
// written one does: same initialisation form, same constructor, same argument
// conversions, and a constructor intrusive_ptr may call. This decides that.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_MAKEINTRUSIVEREWRITE_H
#define C10TIDY_UTILS_MAKEINTRUSIVEREWRITE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include <string>

namespace clang::tidy::c10::utils {

/// The `c10::intrusive_ptr<T, NullType>` specialization \p Record is, or null.
const ClassTemplateSpecializationDecl *asIntrusivePtr(const CXXRecordDecl *Record);

/// The location of the called name in `X::f(...)` or `x.f(...)`.
SourceLocation calleeNameLoc(const CallExpr &Call);

/// The outcome of rewriteAsMakeIntrusive: a replacement for the whole call,
/// or the reason there is none.
struct MakeIntrusiveRewrite {
  std::string Replacement; ///< Empty when no rewrite is the same program.
  std::string NoFixReason;
  /// Display text: `c10::make_intrusive<T>(...)`, set even without a rewrite.
  std::string Suggestion;
};

/// \p Call is `intrusive_ptr<TTarget, NullType>::f(New)` of the specialization
/// \p Pointer; returns the `c10::make_intrusive<...>(...)` text that creates
/// the same object the same way, or why there is none. Macros and templates
/// are the caller's business.
MakeIntrusiveRewrite rewriteAsMakeIntrusive(const CXXNewExpr &New,
                                            const ClassTemplateSpecializationDecl &Pointer,
                                            ASTContext &Ctx);

} // namespace clang::tidy::c10::utils

#endif
