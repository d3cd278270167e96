//===- OwnershipSinks.h - would an rvalue here be taken with ownership? ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `std::move(x)` in place of `x` only saves something when the callee then
// takes the value over instead of copying it: a `T&&` overload next to the
// `const T&` one (push_back, the move constructor), or a forwarding
// `Args&&...` whose argument ends up in such a constructor (emplace_back,
// make_tuple, std::pair's constructor, make_intrusive, Module::run_method,
// Tuple::create). The forwarding case is decided by following std::forward
// through the instantiated callees, so a callee that copies its argument
// anyway gets no advice.
//
// c10::List and c10::Dict are decided from libtorch's API, not from whether
// the type has a move constructor: in PyTorch 1.13 they declare only a
// defaulted copy constructor, so a moved List is copied.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_OWNERSHIPSINKS_H
#define C10TIDY_UTILS_OWNERSHIPSINKS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseMap.h"
#include <utility>

namespace clang::tidy::c10::utils {

/// Whether \p Record is a handle class that std::move copies all the same:
/// c10::List and c10::Dict declare only a copy constructor (PyTorch 1.13
/// and 2.6).
bool isCopiedWhenMoved(const CXXRecordDecl &Record);

/// Answers, with memoisation over one translation unit, whether a callee
/// takes an rvalue argument over.
class OwnershipSinks {
public:
  explicit OwnershipSinks(ASTContext &Ctx) : Ctx(Ctx) {}

  /// Whether an rvalue in place of the lvalue now bound to \p Param (an
  /// lvalue reference parameter of \p Callee) would be taken over.
  bool takesRvalueOver(const FunctionDecl &Callee, const ParmVarDecl &Param, unsigned Depth = 0);

  /// Whether \p Method, called on an lvalue, returns a reference into its
  /// object, or a copy of what it holds (`const&`-qualified, by value), while
  /// an `&&`-qualified twin with the same parameters returns the value
  /// itself: `IValue::toTensor() &` and `toTensor() &&`, `toTuple() const&`
  /// and `toTuple() &&`. Called as `std::move(x).m()` on an object nothing
  /// reads again, the twin hands the value over, where the reference would
  /// be copied from or the by-value overload copies.
  static bool hasMovingRvalueTwin(const CXXMethodDecl &Method, const ASTContext &Ctx);

  /// Whether the class of \p Method also has `<name>Ref`, a borrowing
  /// counterpart (`toTupleRef` beside `toTuple`): where the copy \p Method
  /// returns is only read, the borrow is the advice, not a move.
  static bool hasBorrowingTwin(const CXXMethodDecl &Method);

private:
  bool forwardsIntoOwner(const FunctionDecl &Callee, const ParmVarDecl &Param, unsigned Depth);
  bool consumerTakesOver(const Expr &Forwarded, const ParentMap &Parents, unsigned Depth);

  ASTContext &Ctx;
  llvm::DenseMap<const ParmVarDecl *, bool> Forwarding;
};

} // namespace clang::tidy::c10::utils

#endif
