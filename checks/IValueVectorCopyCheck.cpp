//===- IValueVectorCopyCheck.cpp - c10-ivalue-vector-copy -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An IValue stores every list as a std::vector<IValue>. toIntVector() and its
// siblings build a new container from it: an allocation, a conversion per
// element and, for tensors, an atomic refcount increment per element (and the
// decrements when the copy dies). Code that only reads the copy can read the
// IValue's own list through toListRef(), an ArrayRef<IValue>:
//
//   v.toIntVector().size()      -> v.toListRef().size()          (also .empty())
//   v.toIntVector()[i]          -> v.toListRef()[i].toInt()      (also front/back)
//   v.toTensorVector()[i].dim() -> v.toListRef()[i].toTensor().dim()
//   for (const IValue& e : v.toList().vec())  -> for (... : v.toListRef())
//   auto s = v.toIntVector(); s.size(); s[0];
//       -> const auto s = v.toListRef(); s.size(); s[0].toInt();
//   l.vec().size()              -> l.size()                      (a c10::List l)
//
// A copy that is passed on as a whole, returned, stored, written or moved is
// what the code needs and is not reported. `to<std::vector<T>>()` belongs to
// this check; c10-ivalue-generic-to reports the other generic conversions.
//
//===----------------------------------------------------------------------===//

#include "IValueVectorCopyCheck.h"
#include "utils/BorrowLiveRange.h"
#include "utils/BorrowSafety.h"
#include "utils/ClassNameListOption.h"
#include "utils/ContainerReads.h"
#include "utils/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <functional>
#include <optional>
#include <tuple>

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

namespace {

using utils::ContainerRead;

constexpr llvm::StringLiteral ListAccessors[] = {"toList", "toIntList", "toDoubleList",
                                                 "toBoolList", "toTensorList"};

/// What the copied elements are, and how one is read from an IValue.
struct ElementKind {
  /// Appended to `toListRef()[i]` to read the element as the copy has it:
  /// ".toInt()", "" for IValue elements; std::nullopt when there is no exact
  /// accessor (the element fix-its are then not offered).
  std::optional<StringRef> Accessor;
  /// What copying one element costs beyond the copy itself, for the message.
  StringRef PerElementCost;
};

constexpr StringRef TensorCost = ", an atomic refcount increment per tensor";
constexpr StringRef IValueCost = ", a refcount increment per refcounted element";

/// The elements of `toXList().vec()`.
ElementKind elementOfAccessor(StringRef Name) {
  return llvm::StringSwitch<ElementKind>(Name)
      .Case("toIntList", ElementKind{StringRef(".toInt()"), ""})
      .Case("toDoubleList", ElementKind{StringRef(".toDouble()"), ""})
      .Case("toBoolList", ElementKind{StringRef(".toBool()"), ""})
      .Case("toTensorList", ElementKind{StringRef(".toTensor()"), TensorCost})
      .Case("toList", ElementKind{StringRef(""), IValueCost})
      .Default(ElementKind{});
}

/// What `toXList().vec()` returns.
StringRef resultOfAccessor(StringRef Name) {
  return llvm::StringSwitch<StringRef>(Name)
      .Case("toIntList", "std::vector<int64_t>")
      .Case("toDoubleList", "std::vector<double>")
      .Case("toBoolList", "std::vector<bool>")
      .Case("toTensorList", "std::vector<at::Tensor>")
      .Default("std::vector<c10::IValue>");
}

bool isClassNamed(QualType T, ArrayRef<std::string> Names) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  return Record && llvm::is_contained(Names, "::" + Record->getQualifiedNameAsString());
}

bool isStdClass(QualType T, StringRef Name) {
  const auto *Record = T.getCanonicalType()->getAsCXXRecordDecl();
  return Record && Record->isInStdNamespace() && Record->getIdentifier() &&
         Record->getName() == Name;
}

/// An IValue's `toXVector()` accessor (toIntVector, toDimVector,
/// toSymIntVector, toOptionalTensorVector, ...): the container it returns,
/// a std::vector or a c10::SmallVector (at::DimVector); null when Method is
/// not one. Read from the declarations, so that each release's accessors are
/// the ones its headers declare.
const ClassTemplateSpecializationDecl *vectorAccessorResult(const CXXMethodDecl &Method) {
  if (!Method.getIdentifier() || Method.getNumParams() != 0)
    return nullptr;
  StringRef Name = Method.getName();
  if (Name.size() <= StringRef("toVector").size() || !Name.starts_with("to") ||
      !Name.ends_with("Vector"))
    return nullptr;
  QualType Result = Method.getReturnType();
  const auto *Container = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Result.getCanonicalType()->getAsCXXRecordDecl());
  if (!Container || Container->getTemplateArgs().size() < 1 ||
      Container->getTemplateArgs().get(0).getKind() != TemplateArgument::Type)
    return nullptr;
  if (isStdClass(Result, "vector") || Container->getQualifiedNameAsString() == "c10::SmallVector")
    return Container;
  return nullptr;
}

AST_MATCHER(CXXMethodDecl, isVectorAccessor) { return vectorAccessorResult(Node) != nullptr; }

/// The element of `to<std::vector<E>>()` and of a `toXVector()`: the accessor
/// that reads an E.
ElementKind elementOfVectorOf(QualType E, const ASTContext &Ctx,
                              ArrayRef<std::string> IValueClasses) {
  QualType C = E.getCanonicalType();
  if (C == Ctx.getCanonicalType(Ctx.getIntTypeForBitwidth(64, /*Signed=*/1)))
    return {StringRef(".toInt()"), ""};
  if (C == Ctx.DoubleTy)
    return {StringRef(".toDouble()"), ""};
  if (C == Ctx.BoolTy)
    return {StringRef(".toBool()"), ""};
  if (const auto *Record = C->getAsCXXRecordDecl()) {
    std::string Name = Record->getQualifiedNameAsString();
    if (Name == "at::Tensor")
      return {StringRef(".toTensor()"), TensorCost};
    if (Name == "c10::SymInt")
      return {StringRef(".toSymInt()"), ", a refcount increment per symbolic element"};
    if (llvm::is_contained(IValueClasses, "::" + Name))
      return {StringRef(""), IValueCost};
    if (isStdClass(C, "basic_string"))
      return {StringRef(".toStringRef()"), ", a string copy per element"};
  }
  return {std::nullopt, ""};
}

/// One copy found: the call that yields the container, and where it came from.
struct Copy {
  const CXXMemberCallExpr *Result = nullptr; ///< The call whose value is the copy.
  /// The IValue accessor (`toIntVector`, `to<...>`, the `toList` of
  /// `toList().vec()`); null when `vec()` is called on a List not just
  /// taken from an IValue.
  const CXXMemberCallExpr *Accessor = nullptr;
  std::string Spelling;   ///< As the message names it: "toIntVector()".
  std::string ResultType; ///< "std::vector<int64_t>".
  ElementKind Element;
};

const CXXMemberCallExpr *asMemberCall(const Expr *E) {
  return E ? dyn_cast<CXXMemberCallExpr>(E->IgnoreImplicit()->IgnoreParens()) : nullptr;
}

SourceLocation memberLoc(const CXXMemberCallExpr &Call) {
  return cast<MemberExpr>(Call.getCallee()->IgnoreParens())->getMemberLoc();
}

bool calleeIsArrow(const CXXMemberCallExpr &Call) {
  return cast<MemberExpr>(Call.getCallee()->IgnoreParens())->isArrow();
}

/// The target of `to<T>()` as the user wrote it (`std::vector<int64_t>`, not
/// `std::vector<long>`).
std::string writtenTarget(const MemberExpr &Member, QualType Target, const ASTContext &Ctx) {
  if (Member.getNumTemplateArgs() != 1)
    return Target.getAsString(Ctx.getPrintingPolicy());
  const TemplateArgumentLoc &Arg = Member.template_arguments()[0];
  if (!utils::isInMacro({Member.getLAngleLoc(), Member.getRAngleLoc()}))
    return utils::sourceText(Arg.getSourceRange(), Ctx);
  return Arg.getArgument().getAsType().getAsString(Ctx.getPrintingPolicy());
}

/// The `isXList()` tests of which a passing one proves that \p C's accessor
/// does not throw for the list's type: the test the accessor itself asserts
/// (ivalue_inl.h: toIntVector and toDimVector assert isIntList(),
/// toSymIntVector isSymIntList() or isIntList(), toXVector and toXList
/// isXList()), and for `to<std::vector<E>>()` the test of E's list type.
/// std::nullopt when the accessor checks nothing toListRef() does not check
/// too: `toList()` asserts isList(), as toListRef() does, and
/// `to<std::vector<c10::IValue>>()` takes a list of any element type. Empty
/// when no test proves it.
std::optional<llvm::SmallVector<std::string, 2>> provingTests(const Copy &C,
                                                              const ASTContext &Ctx) {
  llvm::SmallVector<std::string, 2> Tests;
  const CXXMethodDecl *Method = C.Accessor ? C.Accessor->getMethodDecl() : nullptr;
  if (!Method || !Method->getIdentifier())
    return Tests;
  StringRef Name = Method->getName();
  // IValue elements: toListRef()[i] is the element already.
  if (Name == "toList" || (C.Element.Accessor && C.Element.Accessor->empty()))
    return std::nullopt;
  if (Name == "to") {
    const TemplateArgumentList *Args = Method->getTemplateSpecializationArgs();
    const auto *Vector = Args && Args->size() == 1 && Args->get(0).getKind() == TemplateArgument::Type
                             ? dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                                   Args->get(0).getAsType().getCanonicalType()->getAsCXXRecordDecl())
                             : nullptr;
    if (!Vector || Vector->getTemplateArgs().size() < 1 ||
        Vector->getTemplateArgs().get(0).getKind() != TemplateArgument::Type)
      return Tests;
    // generic_to() casts with toTypedList<E>(), which accepts exactly the
    // lists whose element type is E's: what isXList() tests.
    QualType E = Vector->getTemplateArgs().get(0).getAsType().getCanonicalType();
    if (E == Ctx.getCanonicalType(Ctx.getIntTypeForBitwidth(64, /*Signed=*/1)))
      Tests.push_back("isIntList");
    else if (E == Ctx.DoubleTy)
      Tests.push_back("isDoubleList");
    else if (E == Ctx.BoolTy)
      Tests.push_back("isBoolList");
    else if (const auto *Record = E->getAsCXXRecordDecl();
             Record && Record->getQualifiedNameAsString() == "at::Tensor")
      Tests.push_back("isTensorList");
    return Tests;
  }
  StringRef Element = Name;
  if (!Element.consume_front("to") || !(Element.consume_back("Vector") || Element.consume_back("List")) ||
      Element.empty())
    return Tests;
  if (Element == "Dim") {
    Tests.push_back("isIntList");
  } else {
    Tests.push_back(("is" + Element + "List").str());
    if (Element == "SymInt")
      Tests.push_back("isIntList");
  }
  return Tests;
}

/// Whether \p S is or holds a place a jump may enter from elsewhere: a label,
/// or a `case` of a switch outside \p S.
bool mayBeJumpedInto(const Stmt &S, bool InNestedSwitch = false) {
  if (isa<LabelStmt>(S) || (!InNestedSwitch && isa<SwitchCase>(S)))
    return true;
  if (isa<LambdaExpr, BlockExpr>(S))
    return false;
  const bool Nested = InNestedSwitch || isa<SwitchStmt>(S);
  return llvm::any_of(S.children(),
                      [&](const Stmt *Child) { return Child && mayBeJumpedInto(*Child, Nested); });
}

/// Whether \p Accessor, called on a variable, runs only where a test of that
/// variable among \p Tests (`v.isIntList()`) has just passed: inside the
/// then-branch of `if (v.isIntList() && ...)`, on the right of
/// `v.isIntList() && ...` or `!v.isIntList() || ...`, or after
/// `if (!v.isIntList()) return/throw ...;` in an enclosing block; with no
/// lambda in between (its body runs later), no place a jump may enter past
/// the test, and nothing on the way that may change the variable (a write, a
/// non-const reference or pointer to it, a write through another name).
bool isListTypeTested(const CXXMemberCallExpr &Accessor, ArrayRef<std::string> Tests,
                      const utils::LocalParents &Parents, ASTContext &Ctx) {
  const Expr &ReceiverExpr = *Accessor.getImplicitObjectArgument();
  const auto *Receiver = dyn_cast<DeclRefExpr>(ReceiverExpr.IgnoreParenImpCasts());
  if (!Receiver || Tests.empty() || calleeIsArrow(Accessor))
    return false;
  auto bare = [](const Expr *E) {
    return E->IgnoreImplicit()->IgnoreParenImpCasts();
  };
  // E is true only when a test of the receiver passed: the test itself or a
  // conjunction that holds it.
  std::function<bool(const Expr *)> Proves = [&](const Expr *E) {
    E = bare(E);
    if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *Method = Call->getMethodDecl();
      const auto *Object =
          dyn_cast<DeclRefExpr>(Call->getImplicitObjectArgument()->IgnoreParenImpCasts());
      return Method && Method->getIdentifier() && Call->getNumArgs() == 0 &&
             !calleeIsArrow(*Call) && llvm::is_contained(Tests, Method->getName()) && Object &&
             Object->getDecl() == Receiver->getDecl();
    }
    if (const auto *And = dyn_cast<BinaryOperator>(E); And && And->getOpcode() == BO_LAnd)
      return Proves(And->getLHS()) || Proves(And->getRHS());
    return false;
  };
  // E is false only when a test of the receiver passed: `!v.isIntList()`, or
  // a disjunction that holds such a negation.
  std::function<bool(const Expr *)> ProvesWhenFalse = [&](const Expr *E) {
    E = bare(E);
    if (const auto *Not = dyn_cast<UnaryOperator>(E); Not && Not->getOpcode() == UO_LNot)
      return Proves(Not->getSubExpr());
    if (const auto *Or = dyn_cast<BinaryOperator>(E); Or && Or->getOpcode() == BO_LOr)
      return ProvesWhenFalse(Or->getLHS()) || ProvesWhenFalse(Or->getRHS());
    return false;
  };
  auto leaves = [](const Stmt *S) {
    if (const auto *Block = dyn_cast_or_null<CompoundStmt>(S))
      S = Block->body_empty() ? nullptr : Block->body_back();
    if (const auto *E = dyn_cast_or_null<Expr>(S))
      S = E->IgnoreImplicit();
    return isa_and_nonnull<ReturnStmt, CXXThrowExpr>(S);
  };
  // Everything that runs from the test to the accessor lies in Regions: none
  // may change the receiver, and none may be entered by a jump past the test.
  auto holdsFrom = [&](ArrayRef<const Stmt *> Regions, const Stmt *Entered) {
    if (Entered && mayBeJumpedInto(*Entered))
      return false;
    return llvm::all_of(Regions, [&](const Stmt *Region) {
      return !Region || !utils::canBorrowFrom(ReceiverExpr, *Region, Parents, Ctx).Changed;
    });
  };
  const Stmt *Child = &Accessor;
  for (const Stmt *P = Parents.parent(Accessor); P; Child = P, P = Parents.parent(*P)) {
    // A lambda's body runs when it is called, after whatever came between.
    if (isa<LambdaExpr, BlockExpr>(P))
      return false;
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      if (If->getThen() == Child && Proves(If->getCond()))
        return holdsFrom({If->getCond(), If->getThen()}, If->getThen());
      if (If->getElse() == Child && ProvesWhenFalse(If->getCond()))
        return holdsFrom({If->getCond(), If->getElse()}, If->getElse());
    }
    if (const auto *Choice = dyn_cast<ConditionalOperator>(P)) {
      if (Choice->getTrueExpr() == Child && Proves(Choice->getCond()))
        return holdsFrom({Choice->getCond(), Choice->getTrueExpr()}, nullptr);
      if (Choice->getFalseExpr() == Child && ProvesWhenFalse(Choice->getCond()))
        return holdsFrom({Choice->getCond(), Choice->getFalseExpr()}, nullptr);
    }
    // `v.isIntList() && ...` and `!v.isIntList() || ...` evaluate the right
    // side only for an int list.
    if (const auto *Logic = dyn_cast<BinaryOperator>(P); Logic && Logic->getRHS() == Child) {
      if ((Logic->getOpcode() == BO_LAnd && Proves(Logic->getLHS())) ||
          (Logic->getOpcode() == BO_LOr && ProvesWhenFalse(Logic->getLHS())))
        return holdsFrom({Logic}, nullptr);
    }
    if (const auto *Block = dyn_cast<CompoundStmt>(P)) {
      // The last `if (!v.isIntList()) return;` ahead of the use, and every
      // statement from it to the one that holds the use.
      llvm::SmallVector<const Stmt *, 8> Regions;
      bool Guarded = false;
      for (const Stmt *Before : Block->body()) {
        if (Before == Child) {
          if (Guarded && mayBeJumpedInto(*Before))
            return false;
          Regions.push_back(Before);
          break;
        }
        if (const auto *If = dyn_cast<IfStmt>(Before);
            If && !If->getElse() && leaves(If->getThen()) && ProvesWhenFalse(If->getCond())) {
          Guarded = true;
          Regions.assign({If->getCond()});
        } else if (Guarded) {
          if (mayBeJumpedInto(*Before))
            return false;
          Regions.push_back(Before);
        }
      }
      if (Guarded)
        return holdsFrom(Regions, nullptr);
    }
  }
  return false;
}

/// Classifies a matched call; false when it is not a copy this check reports.
bool describeCopy(const CXXMemberCallExpr &Call, ASTContext &Ctx,
                  ArrayRef<std::string> IValueClasses, ArrayRef<std::string> ListClasses,
                  Copy &C) {
  const CXXMethodDecl *Method = Call.getMethodDecl();
  if (!Method || !Method->getIdentifier() || !isa<MemberExpr>(Call.getCallee()->IgnoreParens()))
    return false;
  StringRef Name = Method->getName();
  C.Result = &Call;
  if (const ClassTemplateSpecializationDecl *Container = vectorAccessorResult(*Method)) {
    C.Accessor = &Call;
    C.Spelling = (Name + "()").str();
    // As the header declares it: std::vector<int64_t>, at::DimVector.
    C.ResultType = Method->getReturnType().getAsString(Ctx.getPrintingPolicy());
    C.Element =
        elementOfVectorOf(Container->getTemplateArgs().get(0).getAsType(), Ctx, IValueClasses);
    return true;
  }
  if (Name == "to") {
    const TemplateArgumentList *Args = Method->getTemplateSpecializationArgs();
    if (!Args || Args->size() != 1 || Args->get(0).getKind() != TemplateArgument::Type)
      return false;
    QualType Target = Args->get(0).getAsType();
    const auto *Vector = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        Target.getCanonicalType()->getAsCXXRecordDecl());
    if (!Vector || !isStdClass(Target, "vector") || Vector->getTemplateArgs().size() < 1)
      return false;
    C.Accessor = &Call;
    const auto *Member = cast<MemberExpr>(Call.getCallee()->IgnoreParens());
    C.ResultType = writtenTarget(*Member, Target, Ctx);
    C.Spelling = "to<" + C.ResultType + ">()";
    C.Element =
        elementOfVectorOf(Vector->getTemplateArgs().get(0).getAsType(), Ctx, IValueClasses);
    return true;
  }
  if (Name != "vec" || Call.getNumArgs() != 0 ||
      !isClassNamed(Call.getImplicitObjectArgument()->getType(), ListClasses))
    return false;
  const CXXMemberCallExpr *Inner = asMemberCall(Call.getImplicitObjectArgument());
  const CXXMethodDecl *InnerMethod = Inner ? Inner->getMethodDecl() : nullptr;
  if (InnerMethod && InnerMethod->getIdentifier() &&
      llvm::is_contained(ListAccessors, InnerMethod->getName()) &&
      isClassNamed(Inner->getImplicitObjectArgument()->getType(), IValueClasses) &&
      isa<MemberExpr>(Inner->getCallee()->IgnoreParens())) {
    C.Accessor = Inner;
    C.Spelling = (InnerMethod->getName() + "().vec()").str();
    C.ResultType = resultOfAccessor(InnerMethod->getName()).str();
    C.Element = elementOfAccessor(InnerMethod->getName());
    return true;
  }
  C.Spelling = "vec()";
  C.ResultType = "std::vector";
  return true;
}

std::string message(const Copy &C) {
  if (!C.Accessor)
    return "'vec()' copies the c10::List into a new std::vector that is only read; read the "
           "list in place";
  std::string Hint;
  if (C.Element.Accessor && !C.Element.Accessor->empty())
    Hint = (" and '[i]" + *C.Element.Accessor + "'").str();
  // DimVector keeps up to 5 elements inline.
  StringRef Allocation = C.ResultType == "at::DimVector" ? "" : "a heap allocation, ";
  return ("'" + C.Spelling + "' copies the list into a new " + C.ResultType + " (" + Allocation +
          "a conversion per element" + C.Element.PerElementCost +
          ") that is only read; read the elements in place through 'toListRef()'" + Hint)
      .str();
}

/// What the analysis of one copy decided.
struct Plan {
  std::vector<FixItHint> Fixes;     ///< Empty when no fix-it is offered.
  std::string NoFixReason;          ///< Set when no fix-it is offered.
  const Stmt *BorrowRegion = nullptr; ///< Where the IValue must stay put.
  /// The copy that becomes a view, and where the view is read: writes
  /// outside that stretch cannot be seen through it.
  const VarDecl *Borrower = nullptr;
  utils::LiveRange BorrowLive;
  /// The loop whose range the IValue temporary would have to outlive.
  bool ReferenceOutlivesStatement = false;
};

class CopyAnalysis {
public:
  CopyAnalysis(const Copy &C, ASTContext &Ctx, const utils::LocalParents &Parents,
               const Stmt &Body)
      : C(C), Ctx(Ctx), Parents(Parents), Body(Body) {}
  // IsMutated captures this: a copy would call back into the original.
  CopyAnalysis(const CopyAnalysis &) = delete;
  CopyAnalysis &operator=(const CopyAnalysis &) = delete;

  /// False when the copy is used in a way that needs it (no diagnostic).
  bool analyse(Plan &P) {
    if (std::optional<ContainerRead> Read = utils::containerRead(*C.Result, Parents, isMutatedFn()))
      return immediate(*Read, P);
    const Expr *Outer = nullptr;
    utils::ValueUser User = utils::valueUser(*C.Result, Parents, Outer);
    if (User.InitialisedVar && !User.InitialisedVar->isImplicit())
      return local(*User.InitialisedVar, P);
    return false;
  }

private:
  llvm::function_ref<bool(const Expr &)> isMutatedFn() {
    return IsMutated;
  }

  bool isMutated(const Expr &E) {
    return analyzer().isMutated(&E);
  }

  /// Constructed on first need: its first query builds a parent map of the
  /// whole translation unit (see utils/BorrowSafety.cpp).
  ExprMutationAnalyzer &analyzer() {
    if (!Mutations)
      Mutations.emplace(Body, Ctx);
    return *Mutations;
  }

  /// `toListRef()` in place of the accessor call (`toIntVector()`,
  /// `to<std::vector<int64_t>>()`, `toList().vec()`).
  FixItHint toListRef() const {
    return FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(memberLoc(*C.Accessor), C.Result->getEndLoc()),
        "toListRef()");
  }

  /// `.toInt()` after the element expression; nothing for IValue elements,
  /// which `toListRef()[i]` already is. Only called when the accessor is known.
  void addElementFix(const Expr &Element, std::vector<FixItHint> &Fixes) const {
    const StringRef Accessor = C.Element.Accessor.value_or(StringRef());
    if (Accessor.empty())
      return;
    SourceLocation End = Lexer::getLocForEndOfToken(Element.getEndLoc(), 0,
                                                    Ctx.getSourceManager(), Ctx.getLangOpts());
    // An invalid location (a macro) is caught with the other fix ranges in check().
    Fixes.push_back(FixItHint::CreateInsertion(End, Accessor));
  }

  static bool isElementRead(const ContainerRead &R) {
    return R.Kind == ContainerRead::Subscript || R.Kind == ContainerRead::Front ||
           R.Kind == ContainerRead::Back;
  }

  std::string noElementAccessorReason() const {
    return "there is no accessor that reads an element of " + C.ResultType + " exactly";
  }

  bool immediate(const ContainerRead &Read, Plan &P) {
    P.BorrowRegion = &Parents.enclosingFullExpr(*C.Result);
    if (!C.Accessor) {
      // `l.vec().size()` -> `l.size()`: the List answers without a copy.
      if (Read.Kind != ContainerRead::Size && Read.Kind != ContainerRead::Empty) {
        P.NoFixReason = "a c10::List element read copies the element ('get(i)')";
        return true;
      }
      const auto *Member = cast<MemberExpr>(C.Result->getCallee()->IgnoreParens());
      P.Fixes.push_back(FixItHint::CreateRemoval(
          CharSourceRange::getTokenRange(Member->getOperatorLoc(), C.Result->getEndLoc())));
      P.BorrowRegion = nullptr; // nothing is borrowed
      return true;
    }
    switch (Read.Kind) {
    case ContainerRead::Size:
    case ContainerRead::Empty:
      // The size is read at once: no reference outlives the call.
      P.Fixes.push_back(toListRef());
      P.BorrowRegion = nullptr;
      return true;
    case ContainerRead::Subscript:
    case ContainerRead::Front:
    case ContainerRead::Back:
      if (!C.Element.Accessor) {
        P.NoFixReason = noElementAccessorReason();
        return true;
      }
      P.Fixes.push_back(toListRef());
      addElementFix(*Read.Element, P.Fixes);
      return true;
    case ContainerRead::At:
      P.NoFixReason = "'at(i)' on the copy throws std::out_of_range, 'toListRef().at(i)' "
                      "throws c10::Error";
      return true;
    case ContainerRead::RangeFor:
      return rangeFor(*Read.Loop, P);
    }
    return false;
  }

  bool rangeFor(const CXXForRangeStmt &Loop, Plan &P) {
    const VarDecl *Element = Loop.getLoopVariable();
    P.BorrowRegion = &Loop;
    P.ReferenceOutlivesStatement = true;
    if (!C.Element.Accessor || !C.Element.Accessor->empty()) {
      P.NoFixReason = ("the loop variable '" + Element->getName() +
                       "' would become an IValue: iterate 'toListRef()' and read" +
                       (C.Element.Accessor ? " '" + *C.Element.Accessor + "'" : "") +
                       " in the body")
                          .str();
      return true;
    }
    // IValue elements: `IValue e` and `const IValue& e` (or auto) bind the
    // same way to `IValue&` and to `const IValue&`.
    QualType T = Element->getType();
    if (T->isReferenceType() && !(T->isLValueReferenceType() &&
                                  T.getNonReferenceType().isConstQualified())) {
      P.NoFixReason = "the loop variable '" + Element->getName().str() +
                      "' is a non-const reference; toListRef() elements are const";
      return true;
    }
    P.Fixes.push_back(toListRef());
    return true;
  }

  /// `auto s = v.toIntVector();` followed only by reads of s.
  bool local(const VarDecl &Var, Plan &P) {
    if (!Var.hasLocalStorage() || isa<ParmVarDecl>(Var) || isa<DecompositionDecl>(Var))
      return false;
    QualType T = Var.getType();
    if (T->isReferenceType() &&
        !(T->isLValueReferenceType() && T.getNonReferenceType().isConstQualified()))
      return false;
    const Stmt &Scope = Parents.enclosingBody(*C.Result);
    // Every use must read: the analyzer is asked about the elements each use
    // reads, not about the variable, because it counts `s[i]` on a non-const
    // vector as a write (the non-const operator[] is chosen) even where the
    // element is only read.
    auto Uses = match(findAll(declRefExpr(to(varDecl(equalsNode(&Var)))).bind("use")), Scope, Ctx);
    if (Uses.empty())
      return false;
    std::vector<FixItHint> UseFixes;
    std::string UseReason;
    // Braced initialisers are visited in both forms: each use once.
    llvm::SmallPtrSet<const DeclRefExpr *, 8> Seen;
    // Braced initialisers are visited in both forms: each use once.
    llvm::SmallPtrSet<const DeclRefExpr *, 8> Visited;
    for (const BoundNodes &Use : Uses) {
      const auto &Ref = *Use.getNodeAs<DeclRefExpr>("use");
      if (!Visited.insert(&Ref).second)
        continue;
      if (!Seen.insert(&Ref).second)
        continue;
      std::optional<ContainerRead> Read = utils::containerRead(Ref, Parents, isMutatedFn());
      if (!Read)
        return false; // passed on, returned, stored: the copy is needed
      if (!UseReason.empty())
        continue;
      if (utils::isInMacro({Ref.getBeginLoc(), Ref.getEndLoc()}))
        UseReason = "a use of '" + Var.getName().str() + "' is inside a macro expansion";
      else if (Read->Kind == ContainerRead::RangeFor)
        UseReason = "'" + Var.getName().str() + "' is iterated by a range-for";
      else if (Read->Kind == ContainerRead::At)
        UseReason = "'at(i)' on the copy throws std::out_of_range, 'toListRef().at(i)' "
                    "throws c10::Error";
      else if (isElementRead(*Read) && !C.Element.Accessor)
        UseReason = noElementAccessorReason();
      else if (isElementRead(*Read)) {
        if (utils::isInMacro({Read->Element->getEndLoc()}))
          UseReason = "a use of '" + Var.getName().str() + "' is inside a macro expansion";
        else
          addElementFix(*Read->Element, UseFixes);
      }
    }
    P.BorrowRegion = &Scope;
    P.Borrower = &Var;
    P.BorrowLive = utils::borrowLiveRange(Var, Parents, Ctx);
    P.ReferenceOutlivesStatement = true;
    if (!C.Accessor) {
      P.NoFixReason = "read the c10::List itself";
      return true;
    }
    const auto *Declaration = dyn_cast_or_null<DeclStmt>(Parents.parent(*Var.getInit()));
    if (!Declaration || !Declaration->isSingleDecl() || Var.isStaticLocal() ||
        utils::isInMacro({Var.getBeginLoc(), Var.getLocation()})) {
      P.NoFixReason = "the declaration of '" + Var.getName().str() + "' cannot be rewritten";
      return true;
    }
    if (!UseReason.empty()) {
      P.NoFixReason = UseReason;
      return true;
    }
    P.Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(Var.getBeginLoc(), Var.getLocation()), "const auto "));
    P.Fixes.push_back(toListRef());
    llvm::append_range(P.Fixes, UseFixes);
    return true;
  }

  const Copy &C;
  ASTContext &Ctx;
  const utils::LocalParents &Parents;
  const Stmt &Body;
  std::optional<ExprMutationAnalyzer> Mutations;
  std::function<bool(const Expr &)> IsMutated = [this](const Expr &E) { return isMutated(E); };
};

} // namespace

IValueVectorCopyCheck::IValueVectorCopyCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RawIValueClasses(Options.get("IValueClasses", "::c10::IValue")),
      RawListClasses(Options.get("ListClasses", "::c10::List")),
      Files(*Context) {
  IValueClasses = utils::parseClassNameListOption(*this, Name, "IValueClasses",
                                                  RawIValueClasses, "::c10::IValue");
  ListClasses = utils::parseClassNameListOption(*this, Name, "ListClasses", RawListClasses,
                                                "::c10::List");
  if (IValueClasses.empty() || ListClasses.empty()) {
    IValueClasses.clear();
    ListClasses.clear();
  }
}

void IValueVectorCopyCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "IValueClasses", RawIValueClasses);
  Options.store(Opts, "ListClasses", RawListClasses);
}

void IValueVectorCopyCheck::registerMatchers(MatchFinder *Finder) {
  if (IValueClasses.empty())
    return;
  auto IValueClass = cxxRecordDecl(hasAnyName(utils::asStringRefs(IValueClasses)));
  // The toXVector() accessors by their shape, `to` by name, so that other
  // PyTorch releases and forks match; describeCopy() picks the copies out.
  auto CopyCall = cxxMemberCallExpr(
      callee(cxxMethodDecl(anyOf(
          allOf(anyOf(hasName("to"), isVectorAccessor()), ofClass(IValueClass)),
          allOf(hasName("vec"),
                ofClass(cxxRecordDecl(hasAnyName(utils::asStringRefs(ListClasses)))))))));
  Reported.addMatcher(*Finder,
                      stmt(CopyCall.bind("copy"),
                           utils::forEachEnclosingFunction(utils::reportedFunctionBody(Files))),
                      this);
}

void IValueVectorCopyCheck::check(const MatchFinder::MatchResult &Result) {
  const auto &Call = *Result.Nodes.getNodeAs<CXXMemberCallExpr>("copy");
  ASTContext &Ctx = *Result.Context;
  Copy C;
  if (!describeCopy(Call, Ctx, IValueClasses, ListClasses, C))
    return;

  const auto &Function = *Result.Nodes.getNodeAs<FunctionDecl>("function");
  const auto &Body = *Result.Nodes.getNodeAs<Stmt>("body");
  const utils::LocalParents *Parents = &Unit.get(*Result.Context).parents(Body);

  Plan P;
  CopyAnalysis Analysis(C, Ctx, *Parents, Parents->enclosingBody(Call));
  if (!Analysis.analyse(P))
    return;

  const CXXMemberCallExpr &Named = C.Accessor ? *C.Accessor : Call;
  // A view kept past the statement into an IValue that lives inside a
  // temporary (`f(x).value().toIntVector()` iterated) would dangle: the copy
  // is what keeps the elements alive, so nothing is advised.
  if (C.Accessor && P.ReferenceOutlivesStatement && !calleeIsArrow(Named) &&
      utils::isWithinTemporary(*Named.getImplicitObjectArgument()))
    return;
  utils::Finding F{memberLoc(Named), message(C), {}, P.NoFixReason};
  if (!P.Fixes.empty()) {
    const Expr &Receiver = *Named.getImplicitObjectArgument();
    // A temporary IValue lives to the end of its full-expression: enough for a
    // use within it, not for a local or a loop body.
    const bool Temporary = Receiver.IgnoreImplicit()->IgnoreParens()->isPRValue();
    std::string Unsafe;
    if (C.Accessor && !Temporary && !calleeIsArrow(Named) && !Receiver.isLValue())
      // `std::move(v).toList()` empties v; `toListRef()` would not.
      Unsafe = "the IValue is moved from";
    else if (P.BorrowRegion && C.Accessor) {
      if (calleeIsArrow(Named))
        Unsafe = "the IValue is reached through a pointer and could change while the "
                 "reference is alive";
      else if (Temporary && P.ReferenceOutlivesStatement)
        Unsafe = "the IValue is a temporary: a reference into it would dangle after the "
                 "statement";
      else if (!Temporary) {
        utils::BorrowVerdict Borrow =
            utils::canBorrowFrom(Receiver, *P.BorrowRegion, *Parents, Ctx, {}, P.BorrowLive,
                                 P.Borrower, /*CopyHoldsElements=*/true);
        // A change of the IValue while the view lives: the advice would dangle.
        if (Borrow.Changed)
          return;
        if (!Borrow.Safe)
          Unsafe = Borrow.Reason;
      }
    }
    // `toIntVector()` checks that the list holds ints and throws otherwise;
    // `toListRef()` does not check: the rewrite is the same program only
    // where the code has tested the list's type first.
    std::optional<llvm::SmallVector<std::string, 2>> Tests = provingTests(C, Ctx);
    const bool TypeUnchecked =
        C.Accessor && Tests && !isListTypeTested(*C.Accessor, *Tests, *Parents, Ctx);
    if (!Unsafe.empty())
      F.NoFixReason = Unsafe;
    else if (utils::isInTemplateInstantiation(Function))
      F.NoFixReason = "the code is in a template instantiation";
    else if (utils::isInMacro({Call.getBeginLoc(), Call.getEndLoc(), Named.getBeginLoc()}) ||
             llvm::any_of(P.Fixes, [](const FixItHint &H) {
               return utils::isInMacro({H.RemoveRange.getBegin(), H.RemoveRange.getEnd()});
             }))
      F.NoFixReason = "the code is inside a macro expansion";
    else if (TypeUnchecked)
      F.NoFixReason = "'" + C.Spelling + "' checks the list's element type and throws on a "
                      "mismatch, 'toListRef()' does not: use it where the list is known to hold "
                      "that type (" +
                      (Tests->empty() ? std::string("no 'isXList()' test proves it")
                                      : "where a passing '" + Tests->front() +
                                            "()' test of the same variable guards it") +
                      ")";
    else
      F.Fixes = std::move(P.Fixes);
  } else if (F.NoFixReason.empty() && utils::isInMacro({Call.getBeginLoc(), Call.getEndLoc()})) {
    F.NoFixReason = "the code is inside a macro expansion";
  }
  Findings.record(std::move(F));
}

void IValueVectorCopyCheck::onEndOfTranslationUnit() {
  Findings.flush(*this);
  Unit.release();
}

} // namespace clang::tidy::c10
