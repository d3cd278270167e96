//===- IValueRefAccessorCheck.cpp - c10-ivalue-ref-accessor ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The owning accessors return a new intrusive_ptr (or a c10::List holding one):
// an atomic increment now and an atomic decrement when the copy dies. Where the
// result is only read, the borrowing accessor returns a reference instead.
//
// The check recognises the uses where the two are interchangeable:
//   v.toTuple()->m          -> v.toTupleRef().m        (also toObject)
//   *v.toTuple()            -> v.toTupleRef()
//   v.toString()->string()  -> v.toStringRef()         (string_view: toStringView)
//   v.toList().size()/.empty()/.get(i)/[i] read, range-for -> toListRef()
//   auto t = v.toTuple(); ...only t->const_member / *t read...
//                           -> const auto& t = v.toTupleRef(); ...t.member...
// Everything else (stored, returned, moved, passed on) needs the ownership.
//
//===----------------------------------------------------------------------===//

#include "IValueRefAccessorCheck.h"
#include "utils/BorrowSafety.h"
#include "utils/ClassNameListOption.h"
#include "utils/DeclNames.h"
#include "utils/LocalParents.h"
#include "utils/SourceText.h"
#include "utils/StdCasts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <cstdint>
#include <optional>

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

namespace {

enum class Kind : std::uint8_t { Tuple, String, Object, List };

struct Accessor {
  StringRef Owning;
  StringRef Borrowing;
  Kind K;
};

constexpr Accessor Accessors[] = {
    {"toTuple", "toTupleRef", Kind::Tuple},
    {"toString", "toStringRef", Kind::String},
    {"toObject", "toObjectRef", Kind::Object},
    {"toList", "toListRef", Kind::List},
};

/// Why `l.get(i)` on a list copy is not rewritten to read the list in place.
constexpr llvm::StringLiteral ListGetNoFix =
    "'get(i)' checks the index and throws std::out_of_range, 'toListRef()[i]' does not check "
    "it: read the element through 'toListRef()[i]' where the index is known to be in range";

const Accessor *findAccessor(StringRef Name) {
  for (const Accessor &A : Accessors)
    if (A.Owning == Name)
      return &A;
  return nullptr;
}

bool isClass(const CXXRecordDecl *Record, StringRef QualifiedName) {
  return Record && Record->getQualifiedNameAsString() == QualifiedName;
}

/// `v.to<T>()` spelled for one of the owning accessors: `to<intrusive_ptr<
/// ivalue::Tuple>>()` is `toTuple()`, and so on.
const Accessor *findGenericAccessor(const CXXMethodDecl &Method) {
  const TemplateArgumentList *Args = Method.getTemplateSpecializationArgs();
  if (!Method.getIdentifier() || Method.getName() != "to" || !Args || Args->size() != 1 ||
      Args->get(0).getKind() != TemplateArgument::Type)
    return nullptr;
  const auto *Result = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Args->get(0).getAsType()->getAsCXXRecordDecl());
  if (!Result || Result->getTemplateArgs().size() < 1 ||
      Result->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  const CXXRecordDecl *Element = Result->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  if (isClass(Result, "c10::intrusive_ptr")) {
    if (isClass(Element, "c10::ivalue::Tuple"))
      return findAccessor("toTuple");
    if (isClass(Element, "c10::ivalue::Object"))
      return findAccessor("toObject");
    if (isClass(Element, "c10::ivalue::ConstantString"))
      return findAccessor("toString");
  }
  if (isClass(Result, "c10::List") && isClass(Element, "c10::IValue"))
    return findAccessor("toList");
  return nullptr;
}

std::string message(const Accessor &A, StringRef Spelled, StringRef Replacement) {
  StringRef What = A.K == Kind::List ? "a c10::List, that is an intrusive_ptr" : "an intrusive_ptr";
  return ("'" + Spelled + "()' copies " + What +
          ": atomic refcount increment and decrement; use '" + Replacement + "()' instead")
      .str();
}

bool isTransparent(const Expr &E) { return utils::isValueTransparent(E); }

/// `std::move(*call)`: the object the returned handle points to is moved from.
bool isMovedFromAfterDereference(const Expr &Call, const utils::LocalParents &Parents) {
  const Stmt *P = Parents.parent(Call);
  while (isa_and_nonnull<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
                         CXXBindTemporaryExpr>(P))
    P = Parents.parent(*P);
  const auto *Deref = dyn_cast_or_null<CXXOperatorCallExpr>(P);
  if (!Deref || Deref->getOperator() != OO_Star)
    return false;
  P = Parents.parent(*Deref);
  while (isa_and_nonnull<ImplicitCastExpr, ParenExpr>(P))
    P = Parents.parent(*P);
  return utils::isStdMove(P);
}

/// The first ancestor of \p E that does something with its value, or the
/// variable \p E initialises; \p Outer is set to the child of that ancestor
/// on the path from \p E.
struct User {
  const Stmt *Parent = nullptr;
  const VarDecl *InitialisedVar = nullptr;
};
User userOf(const Expr &E, const utils::LocalParents &Parents, const Expr *&Outer) {
  Outer = &E;
  for (;;) {
    const Stmt *Parent = Parents.parent(*Outer);
    const auto *ParentExpr = dyn_cast_or_null<Expr>(Parent);
    if (!ParentExpr || !isTransparent(*ParentExpr)) {
      if (isa_and_nonnull<DeclStmt>(Parent))
        return {nullptr, Parents.variableInitialisedBy(*Outer)};
      return {Parent, nullptr};
    }
    Outer = ParentExpr;
  }
}

template <typename T>
const T *userAs(const Expr &E, const utils::LocalParents &Parents, const Expr *&Outer) {
  return dyn_cast_or_null<T>(userOf(E, Parents, Outer).Parent);
}

bool isOverloadedOperator(const CXXOperatorCallExpr *Op, OverloadedOperatorKind K,
                          const Expr *FirstArg) {
  return Op && Op->getOperator() == K && Op->getNumArgs() >= 1 && Op->getArg(0) == FirstArg;
}

/// `x->member` where `x` is \p Pointer: the MemberExpr, or null.
const MemberExpr *arrowMemberOn(const Expr &Pointer, const utils::LocalParents &Parents) {
  const Expr *Outer = nullptr;
  const auto *Arrow = userAs<CXXOperatorCallExpr>(Pointer, Parents, Outer);
  if (!isOverloadedOperator(Arrow, OO_Arrow, Outer))
    return nullptr;
  // operator-> may return `T*` that is then converted to `const T*`.
  const auto *Member = userAs<MemberExpr>(*Arrow, Parents, Outer);
  return Member && Member->isArrow() ? Member : nullptr;
}

/// The call `Member(args)` that \p Member is the callee of, or null.
const CXXMemberCallExpr *callOf(const MemberExpr &Member, const utils::LocalParents &Parents) {
  const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(Parents.parent(Member));
  return Call && Call->getCallee() == &Member ? Call : nullptr;
}

/// The zero-argument call `Member()` that \p Member is the callee of, or null.
const CXXMemberCallExpr *nullaryCallOf(const MemberExpr &Member,
                                       const utils::LocalParents &Parents) {
  const CXXMemberCallExpr *Call = callOf(Member, Parents);
  return Call && Call->getNumArgs() == 0 ? Call : nullptr;
}

/// For strings the borrowing form replaces `toString()->string()` as a whole.
StringRef borrowingStringAccessor(const MemberExpr &Member) {
  return llvm::StringSwitch<StringRef>(Member.getMemberNameInfo().getAsString())
      .Case("string", "toStringRef")
      .Case("string_view", "toStringView")
      .Default("");
}

bool isIValueType(QualType T, ArrayRef<std::string> Classes) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record)
    return false;
  std::string Name = "::" + Record->getQualifiedNameAsString();
  return llvm::is_contained(Classes, Name);
}

/// What the analysis of one accessor call decided.
struct Plan {
  StringRef Replacement;           ///< The borrowing accessor to name.
  std::vector<FixItHint> Fixes;    ///< Empty when no fix-it is offered.
  std::string NoFixReason;         ///< Set when Fixes is empty.
  const Stmt *BorrowRegion = nullptr; ///< Where the receiver must stay put.
  /// Where in BorrowRegion a borrowing variable is read (empty: all of it).
  utils::LiveRange BorrowLive;
};

/// Analyses one `receiver.toX()` call. Returns false when the result is used
/// in a way that needs the ownership (no diagnostic).
class CallAnalysis {
public:
  CallAnalysis(const CXXMemberCallExpr &Call, const Accessor &A, ASTContext &Ctx,
               const utils::LocalParents &Parents, ArrayRef<std::string> IValueClasses)
      : Call(Call), A(A), Ctx(Ctx), Parents(Parents), IValueClasses(IValueClasses),
        NameLoc(cast<MemberExpr>(Call.getCallee()->IgnoreParens())->getMemberLoc()),
        NameRange(nameRange(*cast<MemberExpr>(Call.getCallee()->IgnoreParens()))) {}

  /// The accessor's name as written, template arguments included.
  static CharSourceRange nameRange(const MemberExpr &Member) {
    return CharSourceRange::getTokenRange(
        Member.getMemberLoc(),
        Member.hasExplicitTemplateArgs() ? Member.getRAngleLoc() : Member.getMemberLoc());
  }

  bool analyse(Plan &P) {
    const Expr *Outer = nullptr;
    User U = userOf(Call, Parents, Outer);
    if (U.InitialisedVar)
      return U.InitialisedVar->isImplicit() ? rangeFor(*U.InitialisedVar, P)
                                            : localCopy(*U.InitialisedVar, P);
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(U.Parent)) {
      if (isOverloadedOperator(Op, OO_Arrow, Outer))
        return immediateArrow(P);
      if (isOverloadedOperator(Op, OO_Star, Outer) && Op->getNumArgs() == 1)
        return immediateStar(*Op, P);
      if (isOverloadedOperator(Op, OO_Subscript, Outer))
        return listSubscript(*Op, P);
      return false;
    }
    if (const auto *Member = dyn_cast_or_null<MemberExpr>(U.Parent))
      return A.K == Kind::List ? listMemberCall(*Member, P) : rawPointerArrow(*Member, P);
    return false;
  }

private:
  void rename(Plan &P) {
    P.Fixes.push_back(FixItHint::CreateReplacement(NameRange, P.Replacement));
  }

  bool immediateArrow(Plan &P) {
    const MemberExpr *Member = arrowMemberOn(Call, Parents);
    return Member && readThroughArrow(*Member, /*RawPointer=*/false, P);
  }

  /// `v.toTuple().get()->elements()`: the raw pointer of the temporary
  /// handle used at once, as `v.toTuple()->elements()` is.
  bool rawPointerArrow(const MemberExpr &Get, Plan &P) {
    const CXXMemberCallExpr *GetCall = Get.isArrow() ? nullptr : nullaryCallOf(Get, Parents);
    if (!GetCall || Get.getMemberNameInfo().getAsString() != "get")
      return false;
    const Expr *Outer = nullptr;
    const auto *Member = userAs<MemberExpr>(*GetCall, Parents, Outer);
    return Member && Member->isArrow() && readThroughArrow(*Member, /*RawPointer=*/true, P);
  }

  /// `->member` on the handle, or on its raw pointer (`.get()->member`),
  /// within the full-expression.
  bool readThroughArrow(const MemberExpr &Member, bool RawPointer, Plan &P) {
    P.BorrowRegion = &Parents.enclosingFullExpr(Call);
    if (A.K == Kind::String) {
      // Only `->string()` / `->string_view()` have a borrowing spelling.
      P.Replacement = borrowingStringAccessor(Member);
      const CXXMemberCallExpr *Inner = nullaryCallOf(Member, Parents);
      if (P.Replacement.empty() || !Inner)
        return false;
      P.Fixes.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(NameLoc, Inner->getEndLoc()),
          (P.Replacement + "()").str()));
      return true;
    }
    P.Replacement = A.Borrowing;
    if (RawPointer) {
      P.Fixes.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(NameLoc, Member.getOperatorLoc()),
          (P.Replacement + "().").str()));
      return true;
    }
    rename(P);
    P.Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(Member.getOperatorLoc()), "."));
    return true;
  }

  bool immediateStar(const CXXOperatorCallExpr &Star, Plan &P) {
    if (A.K != Kind::Tuple && A.K != Kind::Object)
      return false; // `*s` is a ConstantString, which has no borrowing accessor.
    P.Replacement = A.Borrowing;
    P.BorrowRegion = &Parents.enclosingFullExpr(Call);
    rename(P);
    P.Fixes.push_back(
        FixItHint::CreateRemoval(CharSourceRange::getTokenRange(Star.getOperatorLoc())));
    return true;
  }

  /// `v.toList().size()`, `.empty()`, `.get(i)`.
  bool listMemberCall(const MemberExpr &Member, Plan &P) {
    if (A.K != Kind::List || Member.isArrow())
      return false;
    const CXXMemberCallExpr *MemberCall = callOf(Member, Parents);
    if (!MemberCall)
      return false;
    std::string Name = Member.getMemberNameInfo().getAsString();
    P.Replacement = A.Borrowing;
    P.BorrowRegion = &Parents.enclosingFullExpr(Call);
    if ((Name == "size" || Name == "empty") && MemberCall->getNumArgs() == 0) {
      rename(P);
      return true;
    }
    if (Name == "get" && MemberCall->getNumArgs() == 1) {
      // `get(i)` checks the index and throws std::out_of_range;
      // `toListRef()[i]` does not check, and `toListRef().at(i)` throws
      // another exception: no rewrite means the same for every index.
      P.NoFixReason = ListGetNoFix;
      return true;
    }
    return false;
  }

  /// `v.toList()[i]` converted to an IValue (read); assignments through the
  /// element proxy write the shared list and need the handle.
  bool listSubscript(const CXXOperatorCallExpr &Subscript, Plan &P) {
    if (A.K != Kind::List)
      return false;
    P.Replacement = A.Borrowing;
    const Expr *Outer = nullptr;
    User U = userOf(Subscript, Parents, Outer);
    if (const VarDecl *Var = U.InitialisedVar) {
      // `auto e = l[i]` keeps the element proxy; with toListRef() it would be an IValue.
      if (!Var->getType()->getContainedAutoType())
        return false;
      P.NoFixReason = "'" + Var->getName().str() +
                      "' would change type from a list element reference to IValue";
      return true;
    }
    const auto *Conversion = dyn_cast_or_null<MemberExpr>(U.Parent);
    if (!Conversion || !isa<CXXConversionDecl>(Conversion->getMemberDecl()))
      return false;
    // The converted IValue is a temporary of the full-expression, unless a
    // reference binds it; then the borrowed element must outlive that too.
    P.BorrowRegion = isBoundToReference(*Conversion) ? &Parents.enclosingBody(Call)
                                                     : &Parents.enclosingFullExpr(Call);
    rename(P);
    return true;
  }

  /// Whether the value that \p Conversion produces initialises a reference.
  bool isBoundToReference(const MemberExpr &Conversion) {
    const Expr *Value = callOf(Conversion, Parents);
    while (Value) {
      const Stmt *Parent = Parents.parent(*Value);
      if (isa_and_nonnull<DeclStmt>(Parent)) {
        const VarDecl *Var = Parents.variableInitialisedBy(*Value);
        return Var && Var->getType()->isReferenceType();
      }
      const auto *ParentExpr = dyn_cast_or_null<Expr>(Parent);
      const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(ParentExpr);
      if (!ParentExpr || !(isTransparent(*ParentExpr) ||
                           (Cast && Cast->getCastKind() == CK_UserDefinedConversion)))
        return false;
      Value = ParentExpr;
    }
    return false;
  }

  /// `for (const IValue& x : v.toList())`.
  bool rangeFor(const VarDecl &RangeVar, Plan &P) {
    if (A.K != Kind::List || !RangeVar.getInit())
      return false;
    const Stmt *RangeDecl = Parents.parent(*RangeVar.getInit());
    const auto *Loop = dyn_cast_or_null<CXXForRangeStmt>(RangeDecl ? Parents.parent(*RangeDecl)
                                                                    : nullptr);
    if (!Loop || Loop->getRangeStmt() != RangeDecl)
      return false;
    P.Replacement = A.Borrowing;
    P.BorrowRegion = Loop;
    const VarDecl *Element = Loop->getLoopVariable();
    QualType T = Element->getType();
    if (T->getContainedAutoType()) {
      P.NoFixReason = "the loop variable '" + Element->getName().str() +
                      "' is 'auto': it would change from a list element reference to IValue";
      return true;
    }
    // `IValue x` and `const IValue& x` bind the same way to `const IValue&`.
    const bool ByValue = !T->isReferenceType() && isIValueType(T, IValueClasses);
    const bool ByConstRef = T->isLValueReferenceType() &&
                            T.getNonReferenceType().isConstQualified() &&
                            isIValueType(T, IValueClasses);
    if (!ByValue && !ByConstRef)
      return false;
    rename(P);
    return true;
  }

  /// `auto t = v.toTuple();` followed only by reads through `t->` and `*t`.
  bool localCopy(const VarDecl &Var, Plan &P) {
    if (!Var.hasLocalStorage() || isa<ParmVarDecl>(Var))
      return false;
    if (A.K == Kind::List)
      return listLocalCopy(Var, P);
    const Stmt &Body = Parents.enclosingBody(Call);
    P.Replacement = A.Borrowing;
    P.BorrowRegion = &Body;
    P.BorrowLive = utils::borrowLiveRange(Var, Parents, Ctx);
    std::vector<FixItHint> UseFixes;
    bool AllUsesRewritable = true;
    auto Uses = match(findAll(declRefExpr(to(varDecl(equalsNode(&Var)))).bind("use")), Body, Ctx);
    if (Uses.empty())
      return false;
    // Constructed on first need: asking it builds a parent map of the whole
    // translation unit (see utils/BorrowSafety.cpp).
    std::optional<ExprMutationAnalyzer> Mutations;
    auto isMutated = [&](const Expr &E) {
      if (!Mutations)
        Mutations.emplace(Body, Ctx);
      return Mutations->isMutated(&E);
    };
    // A braced initialiser is visited in its syntactic and semantic forms:
    // each use once, or its fix-it would be applied twice.
    llvm::SmallPtrSet<const DeclRefExpr *, 8> Seen;
    for (const BoundNodes &Use : Uses) {
      const auto &Ref = *Use.getNodeAs<DeclRefExpr>("use");
      if (!Seen.insert(&Ref).second)
        continue;
      if (const MemberExpr *Member = arrowMemberOn(Ref, Parents)) {
        if (!isReadOnlyMember(*Member, isMutated))
          return false;
        if (A.K == Kind::String) {
          const CXXMemberCallExpr *Inner = nullaryCallOf(*Member, Parents);
          if (!Inner)
            return false;
          if (borrowingStringAccessor(*Member) != "toStringRef" ||
              utils::isInMacro({Member->getOperatorLoc(), Inner->getEndLoc()})) {
            AllUsesRewritable = false;
            continue;
          }
          UseFixes.push_back(FixItHint::CreateRemoval(
              CharSourceRange::getTokenRange(Member->getOperatorLoc(), Inner->getEndLoc())));
          continue;
        }
        if (utils::isInMacro(Member->getOperatorLoc()))
          AllUsesRewritable = false;
        else
          UseFixes.push_back(FixItHint::CreateReplacement(
              CharSourceRange::getTokenRange(Member->getOperatorLoc()), "."));
        continue;
      }
      const Expr *Outer = nullptr;
      const auto *Star = userAs<CXXOperatorCallExpr>(Ref, Parents, Outer);
      if (A.K == Kind::String || !isOverloadedOperator(Star, OO_Star, Outer) ||
          Star->getNumArgs() != 1)
        return false;
      // `(*t).m()` with a const m reads; anything else asks the analyzer.
      const Expr *StarOuter = nullptr;
      const auto *StarMember = userAs<MemberExpr>(*Star, Parents, StarOuter);
      const bool ReadsThroughMember =
          StarMember && !StarMember->isArrow() && isReadOnlyMember(*StarMember, isMutated);
      if (!ReadsThroughMember && isMutated(*Star))
        return false;
      if (utils::isInMacro(Star->getOperatorLoc()))
        AllUsesRewritable = false;
      else
        UseFixes.push_back(
            FixItHint::CreateRemoval(CharSourceRange::getTokenRange(Star->getOperatorLoc())));
    }

    return bindBorrowed(Var, AllUsesRewritable, UseFixes, P);
  }

  /// The declaration becomes `const auto& t = v.toXRef();` with the uses
  /// rewritten by \p UseFixes, when every use can be.
  bool bindBorrowed(const VarDecl &Var, bool AllUsesRewritable,
                    std::vector<FixItHint> &UseFixes, Plan &P) {
    const auto *Declaration = dyn_cast_or_null<DeclStmt>(Parents.parent(*Var.getInit()));
    if (!Declaration || !Declaration->isSingleDecl() || Var.isStaticLocal()) {
      P.NoFixReason = "the declaration of '" + Var.getName().str() + "' cannot be rewritten";
      return true;
    }
    if (!AllUsesRewritable) {
      P.NoFixReason = "not every use of '" + Var.getName().str() + "' can be rewritten";
      return true;
    }
    if (std::string Observed =
            utils::typeObservedIn(Var, Parents.enclosingBody(Call), Parents, Ctx);
        !Observed.empty()) {
      P.NoFixReason = std::move(Observed);
      return true;
    }
    // A declaration inside a macro is caught with every other fix range in check().
    P.Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(Var.getBeginLoc(), Var.getLocation()), "const auto& "));
    rename(P);
    llvm::append_range(P.Fixes, UseFixes);
    return true;
  }

  /// `c10::List<IValue> l = v.toList();` followed only by `l.size()`,
  /// `l.empty()`, `l.vec()`, `l.get(i)`, `l[i]` read as an IValue and
  /// range-for loops over `const IValue&` or `IValue`: every one of them
  /// reads the same through the ArrayRef `toListRef()` returns.
  bool listLocalCopy(const VarDecl &Var, Plan &P) {
    const Stmt &Body = Parents.enclosingBody(Call);
    P.Replacement = A.Borrowing;
    P.BorrowRegion = &Body;
    P.BorrowLive = utils::borrowLiveRange(Var, Parents, Ctx);
    auto Uses = match(findAll(declRefExpr(to(varDecl(equalsNode(&Var)))).bind("use")), Body, Ctx);
    if (Uses.empty())
      return false;
    std::vector<FixItHint> UseFixes;
    bool ChecksIndex = false;
    bool AllUsesRewritable = true;
    // A braced initialiser is visited in its syntactic and semantic forms:
    // each use once, or its fix-it would be applied twice.
    llvm::SmallPtrSet<const DeclRefExpr *, 8> Seen;
    for (const BoundNodes &Use : Uses) {
      const auto &Ref = *Use.getNodeAs<DeclRefExpr>("use");
      if (!Seen.insert(&Ref).second)
        continue;
      const Expr *Outer = nullptr;
      User U = userOf(Ref, Parents, Outer);
      if (const VarDecl *Range = U.InitialisedVar) {
        Plan Loop;
        if (!Range->isImplicit() || !rangeFor(*Range, Loop))
          return false;
        if (!Loop.NoFixReason.empty())
          AllUsesRewritable = false;
        continue;
      }
      if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(U.Parent)) {
        Plan Element;
        if (!isOverloadedOperator(Op, OO_Subscript, Outer) || !listSubscript(*Op, Element))
          return false;
        if (!Element.NoFixReason.empty())
          AllUsesRewritable = false;
        continue;
      }
      const auto *Member = dyn_cast_or_null<MemberExpr>(U.Parent);
      const CXXMemberCallExpr *MemberCall = Member ? callOf(*Member, Parents) : nullptr;
      if (!MemberCall || Member->isArrow())
        return false;
      const std::string Name = Member->getMemberNameInfo().getAsString();
      if ((Name == "size" || Name == "empty" || Name == "vec") && MemberCall->getNumArgs() == 0)
        continue;
      if (Name != "get" || MemberCall->getNumArgs() != 1)
        return false;
      ChecksIndex = true;
    }
    P.Fixes.clear();
    P.NoFixReason.clear();
    if (ChecksIndex) {
      P.NoFixReason = ListGetNoFix;
      return true;
    }
    return bindBorrowed(Var, AllUsesRewritable, UseFixes, P);
  }

  /// `t->m` that reads: a const member function, or a data member not written.
  template <typename IsMutated>
  static bool isReadOnlyMember(const MemberExpr &Member, IsMutated &&isMutated) {
    if (const auto *Method = dyn_cast<CXXMethodDecl>(Member.getMemberDecl()))
      return Method->isConst() && Method->getRefQualifier() != RQ_RValue;
    return isa<FieldDecl>(Member.getMemberDecl()) && !isMutated(Member);
  }

  const CXXMemberCallExpr &Call;
  const Accessor &A;
  ASTContext &Ctx;
  const utils::LocalParents &Parents;
  ArrayRef<std::string> IValueClasses;
  SourceLocation NameLoc;
  CharSourceRange NameRange;
};

} // namespace

IValueRefAccessorCheck::IValueRefAccessorCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RawIValueClasses(Options.get("IValueClasses", "::c10::IValue")),
      Files(*Context) {
  IValueClasses = utils::parseClassNameListOption(*this, Name, "IValueClasses", RawIValueClasses,
                                                  "::c10::IValue");
}

void IValueRefAccessorCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "IValueClasses", RawIValueClasses);
}

void IValueRefAccessorCheck::registerMatchers(MatchFinder *Finder) {
  if (IValueClasses.empty())
    return;
  std::vector<StringRef> Owning;
  for (const Accessor &A : Accessors)
    Owning.push_back(A.Owning);
  Owning.push_back("to"); // `to<c10::intrusive_ptr<ivalue::Tuple>>()` and the like.
  // Match by name and class, not by signature, so that other PyTorch releases
  // (and forks) match; the `&&` overloads already move and are never flagged.
  auto AccessorCall = cxxMemberCallExpr(
      callee(cxxMethodDecl(hasAnyName(Owning),
                           ofClass(cxxRecordDecl(hasAnyName(utils::asStringRefs(IValueClasses)))))));
  // Matched per function body: the analysis only ever looks inside one, and
  // system headers (libtorch's own) are skipped before any work is done.
  Reported.addMatcher(*Finder,
                      stmt(AccessorCall.bind("call"),
                           utils::forEachEnclosingFunction(utils::reportedFunctionBody(Files))),
                      this);
}

void IValueRefAccessorCheck::check(const MatchFinder::MatchResult &Result) {
  const auto &Call = *Result.Nodes.getNodeAs<CXXMemberCallExpr>("call");
  ASTContext &Ctx = *Result.Context;
  const CXXMethodDecl *Method = Call.getMethodDecl();
  const auto *Callee = dyn_cast<MemberExpr>(Call.getCallee()->IgnoreParens());
  const Accessor *A = nullptr;
  if (Method && Method->getIdentifier())
    A = utils::isNamed(Method, "to") ? findGenericAccessor(*Method) : findAccessor(Method->getName());
  if (!A || !Callee || Method->getRefQualifier() == RQ_RValue)
    return;
  // A temporary or moved-from receiver binds the `&&` overload where there is
  // one, and where there is none, borrowing from it would dangle.
  if (!Callee->isArrow() && !Call.getImplicitObjectArgument()->isLValue())
    return;

  const auto &Function = *Result.Nodes.getNodeAs<FunctionDecl>("function");
  const auto &Body = *Result.Nodes.getNodeAs<Stmt>("body");
  const utils::LocalParents *Parents = &Unit.get(*Result.Context).parents(Body);

  // `std::move(*v.toTuple()).elements()` moves the elements out of a tuple
  // the copy owns; through a const reference they would be copied.
  if (isMovedFromAfterDereference(Call, *Parents))
    return;

  Plan P;
  CallAnalysis Analysis(Call, *A, Ctx, *Parents, IValueClasses);
  if (!Analysis.analyse(P))
    return;

  const std::string Spelled = Callee->hasExplicitTemplateArgs()
                                  ? utils::sourceText(SourceRange(Callee->getMemberLoc(),
                                                                  Callee->getRAngleLoc()),
                                                      Ctx)
                                  : A->Owning.str();
  utils::Finding F{Callee->getMemberLoc(), message(*A, Spelled, P.Replacement), {},
                   P.NoFixReason};
  if (!P.Fixes.empty()) {
    // Every plan that carries fix-its names the region the borrow must survive.
    utils::BorrowVerdict Borrow =
        utils::canBorrowFrom(*Call.getImplicitObjectArgument(), *P.BorrowRegion,
                             *Parents, Ctx, {}, P.BorrowLive);
    // `auto t = stack_.back().toTuple(); stack_.pop_back(); use(t)`: the
    // owning copy is what keeps the tuple alive.
    if (!Borrow.Safe && (Borrow.Changed ||
                         utils::memberChangedAfter(*Call.getImplicitObjectArgument(),
                                                   *P.BorrowRegion, Call.getEndLoc(), Ctx)))
      return;
    if (Callee->isArrow())
      F.NoFixReason = "the IValue is reached through a pointer and could change while the "
                      "reference is alive";
    else if (!Borrow.Safe)
      F.NoFixReason = Borrow.Reason;
    else if (utils::isInTemplateInstantiation(Function))
      F.NoFixReason = "the code is in a template instantiation";
    else if (utils::isInMacro({Call.getBeginLoc(), Call.getEndLoc()}) ||
             llvm::any_of(P.Fixes, [](const FixItHint &H) {
               return utils::isInMacro({H.RemoveRange.getBegin(), H.RemoveRange.getEnd()});
             }))
      F.NoFixReason = "the code is inside a macro expansion";
    else
      F.Fixes = std::move(P.Fixes);
  } else if (F.NoFixReason.empty() && utils::isInMacro({Call.getBeginLoc(), Call.getEndLoc()})) {
    F.NoFixReason = "the code is inside a macro expansion";
  }
  Findings.record(std::move(F));
}

void IValueRefAccessorCheck::onEndOfTranslationUnit() {
  Findings.flush(*this);
  Unit.release();
}

} // namespace clang::tidy::c10
