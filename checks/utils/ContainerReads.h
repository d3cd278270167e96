//===- ContainerReads.h - is a container value only read? -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks for copies out of an IValue (a std::vector, a DimVector, a
// std::tuple...) report a copy only when the code merely reads it: asks its
// size, reads an element, iterates over it. These helpers classify one use of
// such a value.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_CONTAINERREADS_H
#define C10TIDY_UTILS_CONTAINERREADS_H

#include "utils/LocalParents.h"
#include "utils/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>
#include <optional>
#include <string>

namespace clang::tidy::c10::utils {

/// Whether \p E only carries its operand's value to its parent: parentheses,
/// no-op (const-adding) and derived-to-base casts, temporaries, cleanups.
bool carriesValue(const Expr &E);

/// The first ancestor of a value that does something with it: either a
/// statement (\c Parent) or the variable it initialises (\c InitialisedVar).
struct ValueUser {
  const Stmt *Parent = nullptr;
  const VarDecl *InitialisedVar = nullptr;
};

/// The user of \p E's value; \p Outer is set to the child of the user on the
/// path from \p E (E itself, or the outermost carrier around it).
ValueUser valueUser(const Expr &E, const LocalParents &Parents, const Expr *&Outer);

/// The range-for loop whose implicit range variable is \p RangeVar, or null.
const CXXForRangeStmt *loopOfRangeVariable(const VarDecl &RangeVar, const LocalParents &Parents);

/// One read of a sequence container (std::vector, SmallVector, c10::List).
struct ContainerRead {
  enum KindType : std::uint8_t { Size, Empty, Subscript, At, Front, Back, RangeFor } Kind;
  /// The element read, for Subscript, At, Front and Back.
  const Expr *Element = nullptr;
  /// The range-for loop, for RangeFor.
  const CXXForRangeStmt *Loop = nullptr;
};

/// How \p Container (an expression of container type: a temporary or a
/// variable named) is used, if the use only reads it: `.size()`, `.empty()`,
/// `[i]`, `.at(i)`, `.front()`, `.back()` whose element is only read, or
/// iteration by a range-for whose loop variable is not a reference to
/// non-const. std::nullopt for every other use: passed on,
/// returned, stored, written, moved, its address or an element's taken.
/// \p IsMutated answers whether an element expression of class type is written.
std::optional<ContainerRead> containerRead(const Expr &Container, const LocalParents &Parents,
                                           llvm::function_ref<bool(const Expr &)> IsMutated);

/// Whether the element expression \p Element (an lvalue) is only read: a
/// scalar converted to its value, or an object that \p IsMutated says is not
/// written and whose address is not taken.
bool isElementOnlyRead(const Expr &Element, const LocalParents &Parents,
                       llvm::function_ref<bool(const Expr &)> IsMutated);

} // namespace clang::tidy::c10::utils

#endif
