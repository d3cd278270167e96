//===- BorrowLiveRange.h - where does a borrowing variable stop reading? ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A reference that replaces an owning copy must not see a change of its
// source while it is read. It is read from its declaration to its last use,
// and through everything made from it that may refer into it: a reference,
// pointer or view declared from it (`const auto& elems = t->elements();`), a
// loop over it, a lambda that captures it by reference. A change after the
// last of those reads cannot reach the program's output through the
// reference, whatever the rest of its scope does.
//
// borrowLiveRange finds that stretch in the block that declares the
// variable, in whole statements of that block: a loop that holds a read is
// read from in every iteration, so all of it counts. It is the one answer to
// "how long is this borrow read?" for every check that borrows.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_BORROWLIVERANGE_H
#define C10TIDY_UTILS_BORROWLIVERANGE_H

#include "utils/LocalParents.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"

namespace clang::tidy::c10::utils {

/// From the end of a borrowing variable's declaration to the end of the last
/// statement (of the block that declares it) that reads it or what was made
/// from it. Both are file locations (macro expansions taken whole).
struct LiveRange {
  SourceLocation Begin; ///< Invalid when not declared directly in a block.
  SourceLocation End;   ///< Invalid when the last read is not known.
  explicit operator bool() const { return Begin.isValid() && End.isValid(); }
};

/// Where \p Var (a local variable declared directly in a block, in a body
/// \p Parents maps) is read, and everything made from it. End is invalid
/// when that is not known: a reference to it is kept where no variable declared from it
/// holds it (an assignment, a call that keeps it, a lambda that is not
/// stored in a variable), a `goto` in the function may jump back, a structured binding or a
/// static variable is made from it, or a variable made from it has a
/// destructor that runs at the end of the block (and may read it there).
LiveRange borrowLiveRange(const VarDecl &Var, const LocalParents &Parents, ASTContext &Ctx);

} // namespace clang::tidy::c10::utils

#endif
