//===- SourceText.h - spelled source and macro tests shared by the checks -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A fix-it rewrites what the user wrote: never text produced by a macro, and
// only text read back from the file. Every check asks these two questions the
// same way.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_SOURCETEXT_H
#define C10TIDY_UTILS_SOURCETEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace clang::tidy::c10::utils {

/// Whether any of \p Locs is invalid or comes from a macro expansion.
bool isInMacro(llvm::ArrayRef<SourceLocation> Locs);

/// The source text of the token range \p Range; empty when it cannot be read.
std::string sourceText(SourceRange Range, const ASTContext &Ctx);

/// The code of \p Range as the user wrote it, for messages: the macro
/// invocation (`ELEMENTS(t)`) when all of it comes from one, the text in the
/// macro's body when all of it is there; empty when it is split between the two.
std::string writtenText(SourceRange Range, const ASTContext &Ctx);

} // namespace clang::tidy::c10::utils

#endif
