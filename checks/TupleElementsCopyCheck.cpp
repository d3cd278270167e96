//===- TupleElementsCopyCheck.cpp - c10-tuple-elements-copy ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `Tuple::elements()` returns `const TupleElements&`, a view of the tuple's
// IValues. Three ways out of that view copy every element, one atomic refcount
// increment (and later decrement) per refcounted element:
//   operator std::vector<IValue>()   std::vector<IValue> e = t->elements();
//   vec()                            auto e = t->elements().vec();
//   the TupleElements copy           auto e = t->elements();
// The check follows such a copy to its user and reports it when the copy is
// only read:
//   a local only read               -> const auto& e = t->elements();
//   vec() indexed or sized at once  -> t->elements()[i], t->elements().size()
//   range-for over vec()            -> for (... : t->elements())
//   an argument for a std::vector<IValue> parameter the callee only reads
//                                   -> warning: the callee should take ArrayRef
// and `std::move(t->elements()[i])`, which moves nothing: the element is a
// `const IValue&&` and is copied.
//
//===----------------------------------------------------------------------===//

#include "TupleElementsCopyCheck.h"
#include "utils/BorrowSafety.h"
#include "utils/ClassNameListOption.h"
#include "utils/DeclNames.h"
#include "utils/LocalParents.h"
#include "utils/PlainReads.h"
#include "utils/SourceText.h"
#include "utils/StdCasts.h"
#include "utils/TupleElementsSource.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Lex/Lexer.h"
#include <cstdint>
#include <optional>

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

namespace {

/// How the elements are copied.
enum class CopyKind : std::uint8_t {
  Conversion, ///< `operator std::vector<IValue>()`
  Vec,        ///< `.vec()`
  Elements,   ///< the copy constructor of TupleElements
};

/// The code of \p R as the user wrote it: `ELEMENTS(t)` when all of it comes
/// from one macro invocation, the text in the macro's body when all of it is
/// there, "elements()" when it is split between the two.
/// The code of \p R as the user wrote it (utils::writtenText), or
/// "elements()" when it is split between a macro and its arguments.
std::string elementsText(SourceRange R, const ASTContext &Ctx) {
  std::string Text = utils::writtenText(R, Ctx);
  return Text.empty() ? "elements()" : Text;
}

bool isStdVector(QualType T) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  return Record && Record->isInStdNamespace() && utils::isNamed(Record, "vector");
}

/// `std::vector<...>` named by a parameter as `const std::vector<...>&`.
bool isConstRefToStdVector(QualType T) {
  return T->isLValueReferenceType() && T.getNonReferenceType().isConstQualified() &&
         isStdVector(T);
}

/// The shared rule (utils::isValueTransparent), and also the implicit
/// conversions and elided copies around a class prvalue: this check follows
/// the elements' container through `ArrayRef` and `std::vector` conversions.
bool isTransparent(const Stmt &S) {
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(&S);
      Cast && (Cast->getCastKind() == CK_UserDefinedConversion ||
               Cast->getCastKind() == CK_ConstructorConversion))
    return true;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(&S))
    return Construct->isElidable();
  return utils::isValueTransparent(S);
}

/// The first ancestor of \p E that does something with its value; \p Outer
/// is set to the child of that ancestor on the path from \p E.
const Stmt *userOf(const Expr &E, const utils::LocalParents &Parents, const Expr *&Outer) {
  Outer = &E;
  for (;;) {
    const Stmt *Parent = Parents.parent(*Outer);
    if (!Parent || !isa<Expr>(Parent) || !isTransparent(*Parent))
      return Parent;
    Outer = cast<Expr>(Parent);
  }
}

/// The call `Member(args)` that \p Member is the callee of, or null.
const CXXMemberCallExpr *callOf(const MemberExpr &Member, const utils::LocalParents &Parents) {
  const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(Parents.parent(Member));
  return Call && Call->getCallee() == &Member ? Call : nullptr;
}

/// `x[i]` with \p Object as `x`, or `x.name()` for a nullary member named in
/// \p Names: the call expression, or null.
const Expr *elementAccessOn(const Stmt *User, const Expr *Object,
                            const utils::LocalParents &Parents,
                            std::initializer_list<StringRef> Names) {
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(User))
    return Op->getOperator() == OO_Subscript && Op->getArg(0) == Object ? Op : nullptr;
  const auto *Member = dyn_cast_or_null<MemberExpr>(User);
  if (!Member || Member->isArrow())
    return nullptr;
  const CXXMemberCallExpr *Call = callOf(*Member, Parents);
  if (!Call || !llvm::is_contained(Names, Member->getMemberNameInfo().getAsString()))
    return nullptr;
  return Call;
}

/// What the analysis of one `elements()` call decided.
struct Plan {
  SourceLocation Loc;
  std::string Message;
  std::vector<FixItHint> Fixes;    ///< Proposed; check() decides whether they are safe.
  std::string NoFixReason;         ///< Why there is no fix-it.
  std::string Explanation;         ///< A note for a finding that has no fix-it to offer.
  const Stmt *BorrowRegion = nullptr; ///< Where the tuple must stay put for Fixes.
  const VarDecl *Borrower = nullptr;  ///< The copy that becomes the reference, if any.
  /// Where the reference Borrower becomes is read; what happens outside it
  /// (the code before its declaration) cannot reach the reference.
  utils::LiveRange BorrowLive;
  bool AdvisesLocalReference = false; ///< `const auto& e = ...elements();`
};

/// Whether the class of \p Elements declares a member named \p Name
/// (`operator[]` for "[]"): libtorch 1.13's TupleElements has `back()` but no
/// `front()`, for example.
bool declaresMember(const Expr &Elements, StringRef Name, ASTContext &Ctx) {
  const auto *Record = Elements.getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record)
    return false;
  DeclarationName DN = Name == "[]" ? Ctx.DeclarationNames.getCXXOperatorName(OO_Subscript)
                                    : DeclarationName(&Ctx.Idents.get(Name));
  return !Record->lookup(DN).empty();
}

class ElementsCallAnalysis {
public:
  ElementsCallAnalysis(const CXXMemberCallExpr &Call, ASTContext &Ctx,
                       const utils::LocalParents &Parents)
      : Call(Call), Ctx(Ctx), Parents(Parents),
        Spelling(elementsText(Call.getSourceRange(), Ctx)) {}

  std::optional<Plan> analyse() {
    const Expr *Outer = nullptr;
    const Stmt *User = userOf(Call, Parents, Outer);

    if (utils::isStdMove(User))
      return moveOf(*cast<CallExpr>(User), /*WholeElements=*/true);
    if (const Expr *Access =
            elementAccessOn(User, Outer, Parents, {"at", "front", "back"})) {
      const Expr *AccessOuter = nullptr;
      const Stmt *AccessUser = userOf(*Access, Parents, AccessOuter);
      if (utils::isStdMove(AccessUser))
        return moveOf(*cast<CallExpr>(AccessUser), /*WholeElements=*/false);
      return std::nullopt;
    }
    if (const auto *Member = dyn_cast_or_null<MemberExpr>(User)) {
      const CXXMemberCallExpr *MemberCall = callOf(*Member, Parents);
      if (!MemberCall)
        return std::nullopt;
      if (const auto *Conversion = dyn_cast<CXXConversionDecl>(Member->getMemberDecl());
          Conversion && isStdVector(Conversion->getConversionType()))
        return copied(*MemberCall, CopyKind::Conversion, nullptr);
      if (Member->getMemberNameInfo().getAsString() == "vec" && MemberCall->getNumArgs() == 0 &&
          isStdVector(MemberCall->getType()))
        return copied(*MemberCall, CopyKind::Vec, Member);
      return std::nullopt;
    }
    // `auto e = tuple.elements();` on a named tuple is upstream
    // performance-unnecessary-copy-initialization's finding; it does not look
    // through `t->`, `v.toTupleRef().` and the like, so those are reported here.
    if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(User);
        Construct && Construct->getNumArgs() == 1 && Construct->getArg(0) == Outer &&
        Construct->getConstructor()->isCopyConstructor() &&
        !isa<DeclRefExpr>(Call.getImplicitObjectArgument()->IgnoreParenImpCasts()))
      return copied(*Construct, CopyKind::Elements, nullptr);
    return std::nullopt;
  }

private:
  /// `std::move(t->elements()[i])` or `std::move(t->elements())`.
  std::optional<Plan> moveOf(const CallExpr &Move, bool WholeElements) {
    // Moving the elements out is only possible for a tuple nothing else
    // owns; one reached from a parameter, a member or a reference is shared
    // with code outside, so the copy cannot be avoided and nothing is said.
    if (!isOwnedByLocal(*Call.getImplicitObjectArgument()))
      return std::nullopt;
    Plan P;
    P.Loc = Move.getBeginLoc();
    P.Message = WholeElements
                    ? "'std::move' has no effect on '" + Spelling +
                          "': it is a 'const TupleElements&&', so the elements are copied, "
                          "one refcount increment each"
                    : "'std::move' has no effect on an element of '" + Spelling +
                          "': it is a 'const IValue&&', so the element is copied";
    P.Explanation = "'elements()' of a tuple that others may share is const; moving the "
                    "elements out ('std::move(*tuple).elements()') is only correct when "
                    "nothing else owns the tuple";
    return P;
  }

  /// Whether the tuple \p Object (the object of `elements()`) is held by a
  /// by-value local handle of this function: `t->`, `*t`, `v.toTupleRef()`.
  static bool isOwnedByLocal(const Expr &Object) {
    const Expr *E = Object.IgnoreParenImpCasts();
    for (unsigned Depth = 0; Depth < 4; ++Depth) {
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
          Op && Op->getNumArgs() == 1 &&
          (Op->getOperator() == OO_Arrow || Op->getOperator() == OO_Star)) {
        E = Op->getArg(0)->IgnoreParenImpCasts();
        continue;
      }
      if (const auto *Member = dyn_cast<CXXMemberCallExpr>(E)) {
        const CXXMethodDecl *Method = Member->getMethodDecl();
        if (!Method || !Method->getIdentifier() ||
            (Method->getName() != "toTupleRef" && Method->getName() != "toTuple"))
          return false;
        E = Member->getImplicitObjectArgument()->IgnoreParenImpCasts();
        continue;
      }
      break;
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return Var && !isa<ParmVarDecl>(Var) && Var->hasLocalStorage() &&
           !Var->getType()->isReferenceType() && !Ref->refersToEnclosingVariableOrCapture();
  }

  /// \p Copy makes the copy; decides from its user whether it is only read.
  std::optional<Plan> copied(const Expr &Copy, CopyKind K, const MemberExpr *VecMember) {
    Kind = K;
    VecCall = VecMember ? &Copy : nullptr;
    VecName = VecMember;
    const Expr *Outer = nullptr;
    const Stmt *User = userOf(Copy, Parents, Outer);

    if (isa_and_nonnull<DeclStmt>(User)) {
      const VarDecl *Var = Parents.variableInitialisedBy(*Outer);
      if (!Var)
        return std::nullopt;
      return Var->isImplicit() ? rangeFor(*Var) : localCopy(*Var);
    }
    if (K == CopyKind::Vec) {
      if (const Expr *Access = elementAccessOn(User, Outer, Parents,
                                               {"size", "empty", "at", "front", "back"}))
        return immediateRead(*Access);
    }
    if (K != CopyKind::Elements)
      if (const auto *CallUser = dyn_cast_or_null<CallExpr>(User))
        return argument(*CallUser, *Outer);
    return std::nullopt;
  }

  /// What the copy is called in messages.
  std::string what() const {
    switch (Kind) {
    case CopyKind::Conversion:
      return "converting '" + Spelling + "' to std::vector";
    case CopyKind::Vec:
      return "'" + Spelling + ".vec()'";
    case CopyKind::Elements:
      return "the copy of '" + Spelling + "'";
    }
    llvm_unreachable("covered switch");
  }

  void removeVec(Plan &P) {
    if (VecName)
      P.Fixes.push_back(FixItHint::CreateRemoval(CharSourceRange::getTokenRange(
          VecName->getOperatorLoc(), VecCall->getEndLoc())));
  }

  SourceLocation reportLoc() const {
    return VecName ? VecName->getMemberLoc()
                   : cast<MemberExpr>(Call.getCallee()->IgnoreParens())->getMemberLoc();
  }

  /// `t->elements().vec()[i]`, `.size()`, `.empty()`, `.at(i)`, `.front()`, `.back()`.
  std::optional<Plan> immediateRead(const Expr &Access) {
    Plan P;
    P.Loc = reportLoc();
    std::string Name = "[]";
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(&Access))
      Name = Member->getMethodDecl()->getName().str() + "()";
    P.Message = what() + " copies every element (one refcount increment each) to call '" +
                Name + "' on the copy; call it on '" + Spelling + "' directly";
    if (!declaresMember(Call, StringRef(Name).drop_back(Name == "[]" ? 0 : 2), Ctx)) {
      P.NoFixReason = "this TupleElements has no '" + Name + "'";
      return P;
    }
    if (Name == "at()") {
      P.NoFixReason = "'TupleElements::at' reports a bad index with c10::Error, not "
                      "std::out_of_range";
      return P;
    }
    // The copy's elements are modifiable (and movable); the tuple's are const.
    ExprMutationAnalyzer Mutations(Parents.enclosingBody(Call), Ctx);
    if (isElementMutated(Access, Mutations)) {
      P.NoFixReason = "the element is modified or moved from; copy just that one element "
                      "instead";
      return P;
    }
    // The element lives for the full-expression, unless a reference binds it
    // (`const IValue& x = t->elements().vec()[0];` dangles today).
    const Expr &Full = Parents.enclosingFullExpr(Call);
    const VarDecl *Bound = Parents.variableInitialisedBy(Full);
    P.BorrowRegion = Bound && Bound->getType()->isReferenceType()
                         ? &Parents.enclosingBody(Call)
                         : static_cast<const Stmt *>(&Full);
    removeVec(P);
    return P;
  }

  /// `for (... x : t->elements().vec())`.
  std::optional<Plan> rangeFor(const VarDecl &RangeVar) {
    if (Kind != CopyKind::Vec || !RangeVar.getInit())
      return std::nullopt;
    const Stmt *RangeDecl = Parents.parent(*RangeVar.getInit());
    const auto *Loop =
        dyn_cast_or_null<CXXForRangeStmt>(RangeDecl ? Parents.parent(*RangeDecl) : nullptr);
    if (!Loop || Loop->getRangeStmt() != RangeDecl)
      return std::nullopt;
    const VarDecl *Element = Loop->getLoopVariable();
    // Modifying or moving the copy's elements is what the copy is for.
    if (Element->getType()->isReferenceType() && isMutated(*Element, *Loop->getBody()))
      return std::nullopt;
    Plan P;
    P.Loc = reportLoc();
    P.Message = what() + " copies every element (one refcount increment each) for a loop "
                         "that only reads them; iterate '" + Spelling + "' directly";
    QualType T = Element->getType();
    if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified() &&
        !T->getContainedAutoType()) {
      P.NoFixReason = "the loop variable '" + Element->getName().str() +
                      "' is a reference to non-const IValue; the tuple's elements are const";
      return P;
    }
    P.BorrowRegion = Loop;
    removeVec(P);
    return P;
  }

  /// A local initialised with the copy.
  std::optional<Plan> localCopy(const VarDecl &Var) {
    std::optional<Plan> P = localCopyPlan(Var);
    if (P)
      P->AdvisesLocalReference = true;
    return P;
  }

  std::optional<Plan> localCopyPlan(const VarDecl &Var) {
    if (!Var.hasLocalStorage() || isa<ParmVarDecl>(Var))
      return std::nullopt;
    QualType T = Var.getType();
    if (T->isRValueReferenceType() ||
        (T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified()))
      return std::nullopt;
    const Stmt &Body = Parents.enclosingBody(Call);
    auto Uses = match(findAll(declRefExpr(to(varDecl(equalsNode(&Var)))).bind("use")), Body, Ctx);
    if (Uses.empty())
      return std::nullopt;
    std::string FirstNonRewritable;
    // Braced initialisers are visited in both forms: each use once.
    llvm::SmallPtrSet<const DeclRefExpr *, 8> Seen;
    for (const BoundNodes &Use : Uses) {
      const auto &Ref = *Use.getNodeAs<DeclRefExpr>("use");
      if (!Seen.insert(&Ref).second)
        continue;
      std::optional<bool> Rewritable = classifyUse(Ref);
      if (!Rewritable)
        return std::nullopt; // The copy escapes: returned, copied on, moved.
      if (!*Rewritable && FirstNonRewritable.empty())
        FirstNonRewritable = elementsText(useContext(Ref).getSourceRange(), Ctx);
    }
    // Asked last and only for non-const copies: the analyzer's first query
    // builds a parent map of the whole translation unit (about a second with
    // ATen headers), unless another check has built it already.
    if (!T.getNonReferenceType().isConstQualified()) {
      ExprMutationAnalyzer Mutations(Body, Ctx);
      for (const BoundNodes &Use : Uses)
        if (isMutatedUse(*Use.getNodeAs<DeclRefExpr>("use"), Mutations))
          return std::nullopt; // Modified or moved from: the copy is needed.
    }

    std::string Name = Var.getName().str();
    Plan P;
    P.Loc = reportLoc();
    P.Message = what() + " copies every element (one refcount increment each) into '" + Name +
                "', which is only read; bind a reference: 'const auto& " + Name + " = " +
                Spelling + ";'";
    const auto *Declaration = dyn_cast_or_null<DeclStmt>(Parents.parent(*Var.getInit()));
    if (!Declaration || !Declaration->isSingleDecl()) {
      P.NoFixReason = "the declaration of '" + Name + "' declares more than one variable";
      return P;
    }
    if (!FirstNonRewritable.empty()) {
      P.NoFixReason = "'" + Name + "' is used as a std::vector in '" + FirstNonRewritable +
                      "'; as a 'const TupleElements&' that use would not compile or not mean "
                      "the same";
      return P;
    }
    P.BorrowRegion = &Body;
    P.Borrower = &Var;
    P.BorrowLive = utils::borrowLiveRange(Var, Parents, Ctx);
    P.Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(Var.getBeginLoc(), Var.getLocation()), "const auto& "));
    removeVec(P);
    return P;
  }

  /// Whether \p Ref may modify the copy. The analyzer counts any non-const
  /// member call as a write; on a non-const vector `e[i]`, `e.front()` and
  /// `e.back()` pick the non-const overload even to read, so for those the
  /// element they return is asked about instead.
  bool isMutatedUse(const DeclRefExpr &Ref, ExprMutationAnalyzer &Mutations) {
    const Expr *Outer = nullptr;
    const Stmt *User = userOf(Ref, Parents, Outer);
    if (const Expr *Access = elementAccessOn(User, Outer, Parents, {"at", "front", "back"}))
      return isElementMutated(*Access, Mutations);
    return Mutations.isMutated(&Ref);
  }

  /// Whether the element \p Access returns (an `IValue&` of the copy) is
  /// written. A non-const member call counts only where the class has no
  /// const overload: `e[0].toTensor()` picks `toTensor() &` here and would
  /// pick `toTensor() const&` on the tuple's const element; then what matters
  /// is whether the result of that call is written.
  bool isElementMutated(const Expr &Access, ExprMutationAnalyzer &Mutations) {
    if (!Mutations.isMutated(&Access))
      return false;
    const Expr *Outer = nullptr;
    const auto *Member = dyn_cast_or_null<MemberExpr>(userOf(Access, Parents, Outer));
    const CXXMemberCallExpr *MemberCall = Member && !Member->isArrow() ? callOf(*Member, Parents)
                                                                      : nullptr;
    const CXXMethodDecl *Method = MemberCall ? MemberCall->getMethodDecl() : nullptr;
    if (!Method || Method->isConst() || !utils::hasConstOverload(*Method))
      return true;
    return !utils::isPlainRead(*MemberCall, Parents) && Mutations.isMutated(MemberCall);
  }

  /// The expression that shows how \p Ref is used, for notes.
  const Expr &useContext(const DeclRefExpr &Ref) const {
    const Expr *Outer = nullptr;
    const Stmt *User = userOf(Ref, Parents, Outer);
    if (const auto *Member = dyn_cast_or_null<MemberExpr>(User))
      if (const CXXMemberCallExpr *MemberCall = callOf(*Member, Parents))
        return *MemberCall;
    if (const auto *E = dyn_cast_or_null<Expr>(User))
      return *E;
    return Ref;
  }

  /// For a use of the copy: std::nullopt when the copy escapes (so it is
  /// needed), otherwise whether the use reads a `const TupleElements&` the
  /// same way as it reads the copy.
  std::optional<bool> classifyUse(const DeclRefExpr &Ref) {
    const Expr *Outer = nullptr;
    const Stmt *User = userOf(Ref, Parents, Outer);
    if (isa_and_nonnull<ReturnStmt>(User) || utils::isStdMove(User))
      return std::nullopt;
    // `member = e;` stores a copy.
    if (const auto *Assign = dyn_cast_or_null<CXXOperatorCallExpr>(User);
        Assign && Assign->getOperator() == OO_Equal && Assign->getNumArgs() == 2 &&
        Assign->getArg(1) == Outer)
      return std::nullopt;
    if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(User)) {
      const CXXConstructorDecl *Ctor = Construct->getConstructor();
      if (Ctor->isCopyOrMoveConstructor())
        return std::nullopt; // Copied on: stored, captured or passed by value.
      // `ArrayRef<IValue>(e)`: TupleElements converts to it without copying.
      return Kind == CopyKind::Elements || isArrayRef(Construct->getType());
    }
    if (Kind == CopyKind::Elements)
      return true; // The copy and the reference have the same type.
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(User))
      return Op->getOperator() == OO_Subscript && Op->getArg(0) == Outer &&
             declaresMember(Call, "[]", Ctx);
    if (const auto *Member = dyn_cast_or_null<MemberExpr>(User)) {
      const CXXMemberCallExpr *MemberCall = callOf(*Member, Parents);
      if (!MemberCall)
        return false;
      StringRef Name = MemberCall->getMethodDecl()->getName();
      if (!declaresMember(Call, Name, Ctx))
        return false;
      if (llvm::is_contained({"size", "empty", "front", "back"}, Name))
        return true;
      // Iterators of another type: fine where a template deduces them.
      if (llvm::is_contained({"begin", "end", "cbegin", "cend"}, Name)) {
        const Expr *IterOuter = nullptr;
        const Stmt *IterUser = userOf(*MemberCall, Parents, IterOuter);
        return isa_and_nonnull<CallExpr, CXXConstructExpr>(IterUser) &&
               !isa<CXXOperatorCallExpr>(IterUser);
      }
      return false;
    }
    // `for (x : e)`: the use initialises the implicit range variable.
    if (isa_and_nonnull<DeclStmt>(User))
      if (const VarDecl *Range = Parents.variableInitialisedBy(*Outer))
        return Range->isImplicit() && Range->getType()->isReferenceType();
    return false;
  }

  static bool isArrayRef(QualType T) {
    const auto *Record = T->getAsCXXRecordDecl();
    return Record && utils::isNamed(Record, "ArrayRef");
  }

  /// A std::vector argument; reported when the callee only reads it.
  std::optional<Plan> argument(const CallExpr &CallUser, const Expr &Arg) {
    if (isa<CXXOperatorCallExpr>(CallUser))
      return std::nullopt;
    const FunctionDecl *Callee = CallUser.getDirectCallee();
    if (!Callee)
      return std::nullopt;
    unsigned Index = 0;
    while (Index < CallUser.getNumArgs() && CallUser.getArg(Index) != &Arg)
      ++Index;
    if (Index == CallUser.getNumArgs() || Index >= Callee->getNumParams())
      return std::nullopt;
    // Library code cannot be changed to take an ArrayRef: nothing to act on.
    if (Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
      return std::nullopt;
    const ParmVarDecl *Param = Callee->getParamDecl(Index);
    QualType T = Param->getType();
    std::string CalleeName = Callee->getNameAsString();
    Plan P;
    P.Loc = reportLoc();
    if (isConstRefToStdVector(T)) {
      P.Message = what() + " copies every element (one refcount increment each) into a "
                           "temporary for the 'const std::vector' parameter of '" +
                  CalleeName + "'";
    } else if (!T->isReferenceType() && isStdVector(T)) {
      // The callee owns a by-value parameter; it needs the copy unless it only reads it.
      const FunctionDecl *Definition = nullptr;
      if (!Callee->hasBody(Definition) || Index >= Definition->getNumParams())
        return std::nullopt;
      const ParmVarDecl *DefParam = Definition->getParamDecl(Index);
      if (isMutated(*DefParam, *Definition->getBody()) || escapesIn(*DefParam, *Definition))
        return std::nullopt;
      P.Message = what() + " copies every element (one refcount increment each) into the "
                           "by-value parameter '" + DefParam->getName().str() + "' of '" +
                  CalleeName + "', which only reads it";
    } else {
      return std::nullopt;
    }
    P.NoFixReason = "the copy is made for the callee's parameter type; declare it "
                    "'c10::ArrayRef<c10::IValue>', to which '" + Spelling +
                    "' converts without copying";
    return P;
  }

  /// Whether \p Param of \p Fn is returned, moved or copied on.
  bool escapesIn(const ParmVarDecl &Param, const FunctionDecl &Fn) {
    utils::LocalParents CalleeParents(*Fn.getBody());
    auto Uses = match(findAll(declRefExpr(to(varDecl(equalsNode(&Param)))).bind("use")),
                      *Fn.getBody(), Ctx);
    for (const BoundNodes &Use : Uses) {
      const Expr *Outer = nullptr;
      const Stmt *User = userOf(*Use.getNodeAs<DeclRefExpr>("use"), CalleeParents, Outer);
      if (isa_and_nonnull<ReturnStmt>(User) || utils::isStdMove(User))
        return true;
      if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(User))
        if (Construct->getConstructor()->isCopyOrMoveConstructor())
          return true;
    }
    return false;
  }

  template <typename Node> bool isMutated(const Node &N, const Stmt &Region) {
    return ExprMutationAnalyzer(Region, Ctx).isMutated(&N);
  }

  const CXXMemberCallExpr &Call;
  ASTContext &Ctx;
  const utils::LocalParents &Parents;
  const std::string Spelling; ///< `t->elements()` as written.
  CopyKind Kind = CopyKind::Conversion;
  const Expr *VecCall = nullptr;
  const MemberExpr *VecName = nullptr;
};

} // namespace

TupleElementsCopyCheck::TupleElementsCopyCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RawTupleClasses(Options.get("TupleClasses", "::c10::ivalue::Tuple")),
      Files(*Context) {
  TupleClasses = utils::parseClassNameListOption(*this, Name, "TupleClasses", RawTupleClasses,
                                                 "::c10::ivalue::Tuple");
}

void TupleElementsCopyCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "TupleClasses", RawTupleClasses);
}

void TupleElementsCopyCheck::registerMatchers(MatchFinder *Finder) {
  if (TupleClasses.empty())
    return;
  // The `const&` overload: `std::move(*t).elements()` returns by value and
  // may be moved from.
  auto ElementsCall = cxxMemberCallExpr(callee(
      cxxMethodDecl(hasName("elements"), returns(lValueReferenceType()),
                    ofClass(cxxRecordDecl(hasAnyName(utils::asStringRefs(TupleClasses)))))));
  Reported.addMatcher(*Finder,
                      stmt(ElementsCall.bind("call"),
                           utils::forEachEnclosingFunction(utils::reportedFunctionBody(Files))),
                      this);
}

void TupleElementsCopyCheck::check(const MatchFinder::MatchResult &Result) {
  const auto &Call = *Result.Nodes.getNodeAs<CXXMemberCallExpr>("call");
  const auto &Function = *Result.Nodes.getNodeAs<FunctionDecl>("function");
  const auto &Body = *Result.Nodes.getNodeAs<Stmt>("body");
  ASTContext &Ctx = *Result.Context;
  if (!isa<MemberExpr>(Call.getCallee()->IgnoreParens()))
    return;
  const utils::LocalParents *Parents = &Unit.get(*Result.Context).parents(Body);

  std::optional<Plan> P = ElementsCallAnalysis(Call, Ctx, *Parents).analyse();
  if (!P)
    return;
  // A tuple only a temporary owns (`make().toTuple()->elements()`,
  // `std::move(v).toTuple()->elements()`) dies with the full-expression: a reference that outlives it would dangle, so no
  // borrow is advised, not even without a fix-it.
  if (const Expr *Owner = utils::tupleOwner(Call);
      Owner && !Owner->isLValue() && P->AdvisesLocalReference)
    return;
  if (P->AdvisesLocalReference && utils::isWithinTemporary(*Call.getImplicitObjectArgument()))
    return;

  utils::Finding F{P->Loc, std::move(P->Message), {}, std::move(P->NoFixReason)};
  if (!P->Explanation.empty())
    F.Notes.push_back({P->Loc, std::move(P->Explanation)});
  if (!P->Fixes.empty()) {
    const Expr *Owner = utils::tupleOwner(Call);
    utils::BorrowVerdict Borrow;
    if (Owner)
      Borrow = utils::canBorrowFrom(*Owner, *P->BorrowRegion, *Parents, Ctx,
                                    {Call.getObjectType()}, P->BorrowLive, P->Borrower,
                                    /*CopyHoldsElements=*/true);
    // Something changes the tuple or its owner while the reference lives:
    // the reference would see the change or dangle, so nothing is advised.
    if (Owner && Borrow.Changed)
      return;
    if (!Owner)
      F.NoFixReason = "the tuple is reached through a raw pointer, whose owner could "
                      "release it while the reference is alive";
    else if (!Borrow.Safe)
      F.NoFixReason = Borrow.Reason;
    else if (utils::isInTemplateInstantiation(Function))
      F.NoFixReason = "the code is in a template instantiation";
    else if (utils::isInMacro({Call.getBeginLoc(), Call.getEndLoc()}) ||
             llvm::any_of(P->Fixes, [](const FixItHint &H) {
               return utils::isInMacro({H.RemoveRange.getBegin(), H.RemoveRange.getEnd()});
             }))
      F.NoFixReason = "the code is inside a macro expansion";
    else
      F.Fixes = std::move(P->Fixes);
  } else if (F.NoFixReason.empty() && F.Notes.empty() &&
             utils::isInMacro({Call.getBeginLoc(), Call.getEndLoc()})) {
    // Not said of an explained finding ('std::move' without effect): it has no
    // fix-it to withhold.
    F.NoFixReason = "the code is inside a macro expansion";
  }
  Findings.record(std::move(F));
}

void TupleElementsCopyCheck::onEndOfTranslationUnit() {
  Findings.flush(*this);
  Unit.release();
}

} // namespace clang::tidy::c10
