//===- ContainerReads.cpp -------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/ContainerReads.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::c10::utils {

bool carriesValue(const Expr &E) {
  // A member of a base class (SmallVector's size() and operator[]) is
  // reached through a derived-to-base cast of the same object.
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(&E))
    return Cast->getCastKind() == CK_NoOp || Cast->getCastKind() == CK_DerivedToBase ||
           Cast->getCastKind() == CK_UncheckedDerivedToBase;
  return isa<MaterializeTemporaryExpr, CXXBindTemporaryExpr, ParenExpr, ExprWithCleanups>(E);
}

ValueUser valueUser(const Expr &E, const LocalParents &Parents, const Expr *&Outer) {
  Outer = &E;
  for (;;) {
    const Stmt *Parent = Parents.parent(*Outer);
    const auto *ParentExpr = dyn_cast_or_null<Expr>(Parent);
    if (!ParentExpr || !carriesValue(*ParentExpr)) {
      if (isa_and_nonnull<DeclStmt>(Parent))
        return {nullptr, Parents.variableInitialisedBy(*Outer)};
      return {Parent, nullptr};
    }
    Outer = ParentExpr;
  }
}

const CXXForRangeStmt *loopOfRangeVariable(const VarDecl &RangeVar, const LocalParents &Parents) {
  if (!RangeVar.isImplicit() || !RangeVar.getInit())
    return nullptr;
  const Stmt *RangeDecl = Parents.parent(*RangeVar.getInit());
  const auto *Loop =
      dyn_cast_or_null<CXXForRangeStmt>(RangeDecl ? Parents.parent(*RangeDecl) : nullptr);
  return Loop && Loop->getRangeStmt() == RangeDecl ? Loop : nullptr;
}

bool isElementOnlyRead(const Expr &Element, const LocalParents &Parents,
                       llvm::function_ref<bool(const Expr &)> IsMutated) {
  // `c ? m.at(a) : m.at(b)` is an lvalue that is converted as a whole.
  const Stmt *Parent = Parents.parent(Element);
  while (isa_and_nonnull<ParenExpr>(Parent) ||
         (isa_and_nonnull<ConditionalOperator>(Parent) &&
          cast<ConditionalOperator>(Parent)->getCond() != &Element))
    Parent = Parents.parent(*Parent);
  if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
      Cast && Cast->getCastKind() == CK_LValueToRValue)
    return true;
  // A scalar element that is not converted to its value is bound to a
  // reference or has its address taken: the storage itself is used.
  if (!Element.getType()->isRecordType() || !Element.isLValue())
    return false;
  if (const auto *Unary = dyn_cast_or_null<UnaryOperator>(Parent);
      Unary && Unary->getOpcode() == UO_AddrOf)
    return false;
  return !IsMutated(Element);
}

std::optional<ContainerRead> containerRead(const Expr &Container, const LocalParents &Parents,
                                           llvm::function_ref<bool(const Expr &)> IsMutated) {
  const Expr *Outer = nullptr;
  ValueUser User = valueUser(Container, Parents, Outer);
  if (User.InitialisedVar) {
    if (const CXXForRangeStmt *Loop = loopOfRangeVariable(*User.InitialisedVar, Parents)) {
      // `for (auto& x : c)` may write the elements.
      QualType T = Loop->getLoopVariable()->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        return std::nullopt;
      return ContainerRead{ContainerRead::RangeFor, nullptr, Loop};
    }
    return std::nullopt;
  }
  if (const auto *Member = dyn_cast_or_null<MemberExpr>(User.Parent)) {
    const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(Parents.parent(*Member));
    if (Member->isArrow() || !Call || Call->getCallee() != Member)
      return std::nullopt;
    const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
    if (!Method || !Method->getIdentifier())
      return std::nullopt;
    std::optional<ContainerRead::KindType> Kind =
        llvm::StringSwitch<std::optional<ContainerRead::KindType>>(Method->getName())
            .Case("size", ContainerRead::Size)
            .Case("empty", ContainerRead::Empty)
            .Case("front", ContainerRead::Front)
            .Case("back", ContainerRead::Back)
            .Case("at", ContainerRead::At)
            .Default(std::nullopt);
    if (!Kind || Call->getNumArgs() != (*Kind == ContainerRead::At ? 1U : 0U))
      return std::nullopt;
    if (*Kind == ContainerRead::Size || *Kind == ContainerRead::Empty)
      return ContainerRead{*Kind, nullptr, nullptr};
    if (!isElementOnlyRead(*Call, Parents, IsMutated))
      return std::nullopt;
    return ContainerRead{*Kind, Call, nullptr};
  }
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(User.Parent)) {
    if (Op->getOperator() != OO_Subscript || Op->getNumArgs() != 2 || Op->getArg(0) != Outer ||
        !isElementOnlyRead(*Op, Parents, IsMutated))
      return std::nullopt;
    return ContainerRead{ContainerRead::Subscript, Op, nullptr};
  }
  return std::nullopt;
}

} // namespace clang::tidy::c10::utils
