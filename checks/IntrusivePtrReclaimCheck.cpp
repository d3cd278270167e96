//===- IntrusivePtrReclaimCheck.cpp - c10-intrusive-ptr-reclaim -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The raw-pointer API of c10::intrusive_ptr moves references across the
// boundary without counting them:
//   release()           hands the caller the reference (no decrement),
//   reclaim(p)          adopts the reference p carries (no increment),
//   reclaim_copy(p)     adds a reference,
//   unsafe_steal_from_new(p)  sets the counts of a fresh object to 1.
// Each is correct only with the right kind of pointer, and the misuses are
// silent: reclaim() of a fresh object (refcount 0) leaves it at 0 -- on
// libtorch 1.13 use_count() reports 0 and the object is never destroyed (the
// reference runtime asserts in debug builds); reclaim() of p.get() releases
// p's reference a second time. The check follows pointers only through local
// variables that are never written after their initialisation.
//
// `T* raw = p.release(); ... reclaim(raw)` is the documented round trip and is
// never flagged.
//
//===----------------------------------------------------------------------===//

#include "IntrusivePtrReclaimCheck.h"
#include "utils/SourceText.h"
#include "utils/DeclNames.h"
#include "utils/BorrowSafety.h"
#include "utils/MakeIntrusiveRewrite.h"
#include "clang/AST/ASTContext.h"
#include <cstdint>
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/Builtins.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

namespace {

/// Nodes that pass a value on unchanged (for the question "is it used?").
bool passesValueOn(const Stmt &S) {
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(&S))
    return Cast->getCastKind() != CK_ToVoid;
  return isa<ParenExpr, ExprWithCleanups, CXXBindTemporaryExpr, MaterializeTemporaryExpr,
             ConstantExpr>(S);
}

/// The outermost node that carries \p E's value unchanged, and its parent.
const Stmt *valueParent(const Expr &E, const utils::LocalParents &Parents, const Stmt *&Outer) {
  Outer = &E;
  const Stmt *Parent = Parents.parent(E);
  while (Parent && passesValueOn(*Parent)) {
    Outer = Parent;
    Parent = Parents.parent(*Parent);
  }
  return Parent;
}

/// Whether \p E is evaluated only for its side effects: an expression
/// statement, a for-loop increment or the left operand of a comma. An explicit
/// cast to void says the discard is intended and is not one.
bool isDiscarded(const Expr &E, const utils::LocalParents &Parents) {
  const Stmt *Child = nullptr;
  const Stmt *Parent = valueParent(E, Parents, Child);
  if (!Parent)
    return false;
  if (isa<CompoundStmt, LabelStmt, AttributedStmt, DefaultStmt>(Parent))
    return true;
  if (const auto *Case = dyn_cast<CaseStmt>(Parent))
    return Case->getSubStmt() == Child;
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return If->getThen() == Child || If->getElse() == Child;
  if (const auto *For = dyn_cast<ForStmt>(Parent))
    return For->getBody() == Child || For->getInc() == Child || For->getInit() == Child;
  if (const auto *While = dyn_cast<WhileStmt>(Parent))
    return While->getBody() == Child;
  if (const auto *Do = dyn_cast<DoStmt>(Parent))
    return Do->getBody() == Child;
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(Parent))
    return Range->getBody() == Child;
  if (const auto *Comma = dyn_cast<BinaryOperator>(Parent))
    return Comma->getOpcode() == BO_Comma && Comma->getLHS() == Child;
  return false;
}

/// A local pointer variable whose every use after its initialisation reads
/// it, and its initialiser; null when it may hold something else.
const Expr *initialiserOfReadOnlyLocal(const Expr &Arg, const Stmt &Body,
                                       const utils::LocalParents &Parents, ASTContext &Ctx) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg.IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->hasLocalStorage() || isa<ParmVarDecl>(Var) || !Var->getInit() ||
      !Var->getType()->isPointerType())
    return nullptr;
  auto Uses = match(findAll(declRefExpr(to(varDecl(equalsNode(Var)))).bind("use")), Body, Ctx);
  for (const BoundNodes &Use : Uses) {
    const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(
        Parents.parent(*Use.getNodeAs<DeclRefExpr>("use")));
    if (!Read || Read->getCastKind() != CK_LValueToRValue)
      return nullptr;
  }
  return Var->getInit()->IgnoreImplicit()->IgnoreParenImpCasts();
}

enum class UseKind : std::uint8_t { Read, Dereference, Write };
UseKind classifyUse(const DeclRefExpr &Ref, const utils::LocalParents &Parents);

/// The variable \p E names, or null.
const VarDecl *variableOf(const Expr &E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E.IgnoreParenImpCasts());
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// Whether something in \p Body may change what \p Var owns (release(),
/// reset(), assignment, std::move, a non-const reference to it).
bool mayGiveUpOwnership(const VarDecl &Var, const Stmt &Body, const utils::LocalParents &Parents,
                        ASTContext &Ctx) {
  auto Uses = match(findAll(declRefExpr(to(varDecl(equalsNode(&Var)))).bind("use")), Body, Ctx);
  return llvm::any_of(Uses, [&](const BoundNodes &Use) {
    return classifyUse(*Use.getNodeAs<DeclRefExpr>("use"), Parents) == UseKind::Write;
  });
}

/// Whether \p Call is the only intrusive_ptr static member call (reclaim,
/// unsafe_steal_from_new, ...) that \p Var is passed to in \p Body: a pointer
/// adopted twice is not "a new object nobody owns" at the second adoption.
bool isAdoptedOnlyBy(const CallExpr &Call, const VarDecl &Var, const Stmt &Body,
                     const utils::LocalParents &Parents, ASTContext &Ctx) {
  auto Uses = match(findAll(declRefExpr(to(varDecl(equalsNode(&Var)))).bind("use")), Body, Ctx);
  return llvm::none_of(Uses, [&](const BoundNodes &Use) {
    const Stmt *P = Parents.parent(*Use.getNodeAs<DeclRefExpr>("use"));
    while (P && isa<ImplicitCastExpr, ParenExpr>(P))
      P = Parents.parent(*P);
    const auto *Other = dyn_cast_or_null<CallExpr>(P);
    const auto *Method = Other ? dyn_cast_or_null<CXXMethodDecl>(Other->getCalleeDecl()) : nullptr;
    return Other != &Call && Method && Method->isStatic() &&
           (utils::asIntrusivePtr(Method->getParent()) ||
            Method->getParent()->getQualifiedNameAsString() == "c10::weak_intrusive_ptr");
  });
}

/// `x.get()` on an intrusive_ptr: the object expression `x`, else null.
const Expr *ownerOfGet(const Expr &E) {
  const auto *Get = dyn_cast<CXXMemberCallExpr>(E.IgnoreParenImpCasts());
  const CXXMethodDecl *Method = Get ? Get->getMethodDecl() : nullptr;
  if (!Method || !utils::isNamed(Method, "get") || !utils::asIntrusivePtr(Method->getParent()))
    return nullptr;
  return Get->getImplicitObjectArgument();
}

/// Whether \p Arg (this, a local, x.get(); casts aside) is passed to
/// c10::raw::intrusive_ptr::incref() earlier in \p Body: that adds the
/// reference a later reclaim(Arg) adopts, the way a class makes an owner from
/// `this` (incref then reclaim).
bool isIncrefedBefore(const CallExpr &Reclaim, const Expr &Arg, const Stmt &Body,
                      ASTContext &Ctx) {
  auto Increfs = match(findAll(callExpr(callee(functionDecl(hasName("::c10::raw::intrusive_ptr::incref"))),
                                        argumentCountIs(1))
                                   .bind("incref")),
                       Body, Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr &Stripped = *Arg.IgnoreParenCasts();
  const std::string ArgText = utils::sourceText(Stripped.getSourceRange(), Ctx);
  return llvm::any_of(Increfs, [&](const BoundNodes &Node) {
    const auto &Incref = *Node.getNodeAs<CallExpr>("incref");
    if (!SM.isBeforeInTranslationUnit(Incref.getBeginLoc(), Reclaim.getBeginLoc()))
      return false;
    const Expr &Given = *Incref.getArg(0)->IgnoreParenCasts();
    if (isa<CXXThisExpr>(Given) || isa<CXXThisExpr>(Stripped))
      return isa<CXXThisExpr>(Given) && isa<CXXThisExpr>(Stripped);
    return !ArgText.empty() && utils::sourceText(Given.getSourceRange(), Ctx) == ArgText;
  });
}

// --- Null checks of a lock() result -------------------------------------------

const Expr *stripCondition(const Expr *E) {
  for (;;) {
    const Expr *Next = E->IgnoreImplicit()->IgnoreParenImpCasts();
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Next);
        Cast && (Cast->getType()->isBooleanType() ||
                 Cast->getCastKind() == CK_ConstructorConversion))
      Next = Cast->getSubExpr();
    else if (const auto *Call = dyn_cast<CallExpr>(Next);
             Call && Call->getBuiltinCallee() == Builtin::BI__builtin_expect)
      Next = Call->getArg(0);
    if (Next == E)
      return E;
    E = Next;
  }
}

bool refersTo(const Expr *E, const VarDecl &Var) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == &Var;
}

/// `s` or `s.get()`: an expression that is null exactly when `s` is empty.
bool isPointerValueOf(const Expr *E, const VarDecl &Var) {
  E = E->IgnoreImplicit()->IgnoreParenImpCasts();
  if (refersTo(E, Var))
    return true;
  const auto *Call = dyn_cast<CXXMemberCallExpr>(E);
  return Call && Call->getMethodDecl() && utils::isNamed(Call->getMethodDecl(), "get") &&
         refersTo(Call->getImplicitObjectArgument(), Var);
}

bool testsNull(const Expr *Cond, const VarDecl &Var);

bool isNullLiteral(const Expr *E) {
  return isa<CXXNullPtrLiteralExpr, GNUNullExpr>(E->IgnoreImplicit()->IgnoreParenImpCasts());
}

/// Whether \p Cond is true only when \p Var is non-empty.
bool testsNonNull(const Expr *Cond, const VarDecl &Var) {
  Cond = stripCondition(Cond);
  // GoogleTest's ASSERT_TRUE(s) / ASSERT_TRUE(s.defined()) test an
  // AssertionResult made from the condition; ASSERT_NE(s, nullptr) one made by
  // CmpHelperNE(..., s, nullptr).
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Cond);
      Construct && Construct->getNumArgs() >= 1 &&
      Construct->getConstructor()->getParent()->getQualifiedNameAsString() ==
          "testing::AssertionResult")
    return refersTo(Construct->getArg(0), Var) || testsNonNull(Construct->getArg(0), Var);
  if (const auto *Call = dyn_cast<CallExpr>(Cond); Call && Call->getNumArgs() == 4) {
    const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
    if (Callee && Callee->getQualifiedNameAsString() == "testing::internal::CmpHelperNE")
      return (isPointerValueOf(Call->getArg(2), Var) && isNullLiteral(Call->getArg(3))) ||
             (isPointerValueOf(Call->getArg(3), Var) && isNullLiteral(Call->getArg(2)));
  }
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(Cond)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (Method && refersTo(Call->getImplicitObjectArgument(), Var) &&
        (isa<CXXConversionDecl>(Method) || utils::isNamed(Method, "defined") ||
         utils::isNamed(Method, "get")))
      return true;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(Cond); Unary && Unary->getOpcode() == UO_LNot)
    return testsNull(Unary->getSubExpr(), Var);
  if (const auto *Binary = dyn_cast<BinaryOperator>(Cond)) {
    if (Binary->getOpcode() == BO_LAnd)
      return testsNonNull(Binary->getLHS(), Var) || testsNonNull(Binary->getRHS(), Var);
  }
  const Expr *L = nullptr, *R = nullptr;
  bool NotEqual = false;
  if (const auto *Binary = dyn_cast<BinaryOperator>(Cond);
      Binary && (Binary->getOpcode() == BO_NE)) {
    L = Binary->getLHS(), R = Binary->getRHS(), NotEqual = true;
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Cond);
             Op && Op->getOperator() == OO_ExclaimEqual && Op->getNumArgs() == 2) {
    L = Op->getArg(0), R = Op->getArg(1), NotEqual = true;
  }
  if (NotEqual) {
    return (isPointerValueOf(L, Var) && isNullLiteral(R)) ||
           (isPointerValueOf(R, Var) && isNullLiteral(L));
  }
  return false;
}

/// Whether \p Cond is true whenever \p Var is empty... and false otherwise.
bool testsNull(const Expr *Cond, const VarDecl &Var) {
  Cond = stripCondition(Cond);
  if (const auto *Unary = dyn_cast<UnaryOperator>(Cond); Unary && Unary->getOpcode() == UO_LNot)
    return testsNonNull(Unary->getSubExpr(), Var);
  if (const auto *Binary = dyn_cast<BinaryOperator>(Cond)) {
    if (Binary->getOpcode() == BO_LOr)
      return testsNull(Binary->getLHS(), Var) || testsNull(Binary->getRHS(), Var);
  }
  const Expr *L = nullptr, *R = nullptr;
  if (const auto *Binary = dyn_cast<BinaryOperator>(Cond); Binary && Binary->getOpcode() == BO_EQ)
    L = Binary->getLHS(), R = Binary->getRHS();
  else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Cond);
           Op && Op->getOperator() == OO_EqualEqual && Op->getNumArgs() == 2)
    L = Op->getArg(0), R = Op->getArg(1);
  if (!L)
    return false;
  return (isPointerValueOf(L, Var) && isNullLiteral(R)) ||
         (isPointerValueOf(R, Var) && isNullLiteral(L));
}

/// Whether control never leaves \p S at its end: return, throw, break,
/// continue, goto, a [[noreturn]] call, or a block containing one.
bool neverFallsThrough(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, CXXThrowExpr>(S))
    return true;
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return llvm::any_of(Block->body(), neverFallsThrough);
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
    return neverFallsThrough(Attributed->getSubStmt());
  if (const auto *E = dyn_cast<Expr>(S)) {
    const Expr *Stripped = E->IgnoreParenCasts();
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Stripped))
      Stripped = Cleanups->getSubExpr()->IgnoreParenCasts();
    if (isa<CXXThrowExpr>(Stripped))
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(Stripped))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        return Callee->isNoReturn();
  }
  return false;
}

/// Whether \p S, once executed without leaving, shows \p Var is non-empty:
/// `if (!s) return;`, `TORCH_CHECK(s)`, `assert(s)`.
bool exitsWhenNull(const Stmt *S, const VarDecl &Var) {
  if (!S)
    return false;
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    // `if (const AssertionResult r = ...)`: the condition is the initialiser.
    const Expr *Cond = If->getConditionVariable() && If->getConditionVariable()->getInit()
                           ? If->getConditionVariable()->getInit()
                           : If->getCond();
    return (testsNull(Cond, Var) && neverFallsThrough(If->getThen()) &&
            (!If->getElse() || neverFallsThrough(If->getElse()) ||
             exitsWhenNull(If->getElse(), Var))) ||
           (testsNonNull(Cond, Var) && If->getElse() && neverFallsThrough(If->getElse()));
  }
  if (const auto *Do = dyn_cast<DoStmt>(S)) // do { ... } while (0) macros
    return exitsWhenNull(Do->getBody(), Var);
  if (const auto *Switch = dyn_cast<SwitchStmt>(S)) // GoogleTest's `switch (0) case 0: default:`
    return exitsWhenNull(Switch->getBody(), Var);
  if (const auto *Case = dyn_cast<SwitchCase>(S))
    return exitsWhenNull(Case->getSubStmt(), Var);
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return llvm::any_of(Block->body(), [&](const Stmt *Child) { return exitsWhenNull(Child, Var); });
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
    return exitsWhenNull(Attributed->getSubStmt(), Var);
  if (const auto *E = dyn_cast<Expr>(S)) {
    const auto *Conditional = dyn_cast<ConditionalOperator>(E->IgnoreParenCasts());
    if (Conditional && testsNonNull(Conditional->getCond(), Var) &&
        neverFallsThrough(Conditional->getFalseExpr()))
      return true; // assert(s)
  }
  return false;
}

/// Whether a null check of \p Var dominates \p Use within the function.
bool isGuarded(const Expr &Use, const VarDecl &Var, const utils::LocalParents &Parents) {
  const Stmt *Child = &Use;
  for (const Stmt *P = Parents.parent(Use); P; Child = P, P = Parents.parent(*P)) {
    // A lambda body continues at the lambda expression: a capture by value
    // copies the variable there, and a capture by reference sees a variable
    // that nothing writes (classifyUse gives up on those).
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      if (Child == If->getThen() &&
          (If->getConditionVariable() == &Var || testsNonNull(If->getCond(), Var)))
        return true;
      if (Child == If->getElse() && testsNull(If->getCond(), Var))
        return true;
    } else if (const auto *While = dyn_cast<WhileStmt>(P)) {
      if (Child == While->getBody() &&
          (While->getConditionVariable() == &Var || testsNonNull(While->getCond(), Var)))
        return true;
    } else if (const auto *For = dyn_cast<ForStmt>(P)) {
      if (Child == For->getBody() && For->getCond() && testsNonNull(For->getCond(), Var))
        return true;
    } else if (const auto *Conditional = dyn_cast<ConditionalOperator>(P)) {
      if ((Child == Conditional->getTrueExpr() && testsNonNull(Conditional->getCond(), Var)) ||
          (Child == Conditional->getFalseExpr() && testsNull(Conditional->getCond(), Var)))
        return true;
    } else if (const auto *Binary = dyn_cast<BinaryOperator>(P)) {
      if (Child == Binary->getRHS() &&
          ((Binary->getOpcode() == BO_LAnd && testsNonNull(Binary->getLHS(), Var)) ||
           (Binary->getOpcode() == BO_LOr && testsNull(Binary->getLHS(), Var))))
        return true;
    } else if (const auto *Block = dyn_cast<CompoundStmt>(P)) {
      for (const Stmt *Before : Block->body()) {
        if (Before == Child)
          break;
        if (exitsWhenNull(Before, Var))
          return true;
      }
    }
  }
  return false;
}

/// How the expression \p Ref (naming an intrusive_ptr variable) is used.
UseKind classifyUse(const DeclRefExpr &Ref, const utils::LocalParents &Parents) {
  const Stmt *Child = &Ref;
  const Stmt *Parent = Parents.parent(Ref);
  while (Parent && (isa<ParenExpr>(Parent) ||
                    (isa<ImplicitCastExpr>(Parent) &&
                     cast<ImplicitCastExpr>(Parent)->getCastKind() == CK_NoOp))) {
    Child = Parent;
    Parent = Parents.parent(*Parent);
  }
  if (!Parent)
    return UseKind::Read;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Parent)) {
    if (Op->getNumArgs() >= 1 && Op->getArg(0) == Child) {
      if (Op->getOperator() == OO_Arrow || (Op->getOperator() == OO_Star && Op->getNumArgs() == 1))
        return UseKind::Dereference;
      if (Op->isAssignmentOp())
        return UseKind::Write;
    }
  }
  if (const auto *Member = dyn_cast<MemberExpr>(Parent)) {
    const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
    return Method && !Method->isConst() ? UseKind::Write : UseKind::Read;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(Parent); Unary && Unary->getOpcode() == UO_AddrOf)
    return UseKind::Write;
  // Passed on: by non-const reference (std::move, swap, out-parameters) it
  // may be changed.
  auto isMutableReference = [](QualType T) {
    return T->isReferenceType() && !T.getNonReferenceType().isConstQualified();
  };
  if (const auto *Call = dyn_cast<CallExpr>(Parent)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    // A member operator's object is its argument 0 and has no parameter.
    const auto *MemberOperator =
        isa<CXXOperatorCallExpr>(Call) ? dyn_cast_or_null<CXXMethodDecl>(Callee) : nullptr;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (Call->getArg(I) != Child)
        continue;
      if (MemberOperator && I == 0)
        return MemberOperator->isConst() ? UseKind::Read : UseKind::Write;
      const unsigned Param = MemberOperator ? I - 1 : I;
      if (!Callee || Param >= Callee->getNumParams() ||
          isMutableReference(Callee->getParamDecl(Param)->getType()))
        return UseKind::Write;
    }
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Parent)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    for (unsigned I = 0; I < Construct->getNumArgs(); ++I)
      if (Construct->getArg(I) == Child &&
          (I >= Ctor->getNumParams() || isMutableReference(Ctor->getParamDecl(I)->getType())))
        return UseKind::Write;
  }
  return UseKind::Read;
}

} // namespace

void IntrusivePtrReclaimCheck::registerMatchers(MatchFinder *Finder) {
  auto IntrusivePtr = cxxRecordDecl(hasName("::c10::intrusive_ptr"));
  auto AnyPtr = cxxRecordDecl(hasAnyName("::c10::intrusive_ptr", "::c10::weak_intrusive_ptr"));
  auto Adoption = callExpr(callee(cxxMethodDecl(
                               hasAnyName("reclaim", "reclaim_copy", "unsafe_steal_from_new"),
                               ofClass(IntrusivePtr))),
                           argumentCountIs(1))
                      .bind("adopt");
  auto Release =
      cxxMemberCallExpr(callee(cxxMethodDecl(hasName("release"), ofClass(AnyPtr)))).bind("release");
  auto Lock = cxxMemberCallExpr(callee(cxxMethodDecl(
                                    hasName("lock"),
                                    ofClass(cxxRecordDecl(hasName("::c10::weak_intrusive_ptr"))))))
                  .bind("lock");
  Reported.addMatcher(*Finder,
                      callExpr(anyOf(Adoption, Release, Lock),
                               utils::forEachEnclosingFunction(utils::reportedFunctionBody(Files))),
                      this);
}

void IntrusivePtrReclaimCheck::check(const MatchFinder::MatchResult &Result) {
  const auto &Body = *Result.Nodes.getNodeAs<Stmt>("body");
  const utils::LocalParents *Parents = &Unit.get(*Result.Context).parents(Body);
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("adopt"))
    checkAdoption(*Call, *Result.Nodes.getNodeAs<FunctionDecl>("function"), *Parents, Body,
                  *Result.Context);
  else if (const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>("release"))
    checkRelease(*Call, *Parents, Body, *Result.Context);
  else if (const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>("lock"))
    checkLock(*Call, *Parents, Body, *Result.Context);
}

void IntrusivePtrReclaimCheck::checkAdoption(const CallExpr &Call, const FunctionDecl &Function,
                                             const utils::LocalParents &Parents,
                                             const Stmt &Body, ASTContext &Ctx) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call.getCalleeDecl());
  const auto *Pointer = Method ? utils::asIntrusivePtr(Method->getParent()) : nullptr;
  if (!Pointer || !Method->isStatic())
    return;
  const std::string Name = Method->getName().str();
  const bool IsReclaim = Name == "reclaim";
  const auto *Member = dyn_cast<MemberExpr>(Call.getCallee()->IgnoreParenImpCasts());
  const std::string Object = Member ? utils::sourceText(Member->getBase()->getSourceRange(), Ctx) : "";
  const bool Discarded = isDiscarded(Call, Parents);
  const Expr &Arg = *Call.getArg(0)->IgnoreParenImpCasts();
  const SourceLocation NameLoc = utils::calleeNameLoc(Call);
  const bool InMacro = utils::isInMacro({Call.getBeginLoc(), Call.getEndLoc()}) || NameLoc.isMacroID();

  // What the argument is: a fresh object (refcount 0), or an owned one.
  const auto *New = dyn_cast<CXXNewExpr>(&Arg);
  const Expr *Init = initialiserOfReadOnlyLocal(Arg, Body, Parents, Ctx);
  const auto *NewInLocal = dyn_cast_or_null<CXXNewExpr>(Init);
  if (NewInLocal && !isAdoptedOnlyBy(Call, *variableOf(Arg), Body, Parents, Ctx))
    NewInLocal = nullptr;
  // reclaim() of a fresh object does not release it: refcount stays 0.
  const bool Fresh = IsReclaim && (New || NewInLocal);
  // incref(p) then reclaim(p): the adopted reference is the one just added.
  const bool Increfed = IsReclaim && isIncrefedBefore(Call, Arg, Body, Ctx);
  const Expr *Owner = Increfed ? nullptr : ownerOfGet(Arg);
  if (!Owner && Init && !Increfed)
    Owner = ownerOfGet(*Init);
  // `T* raw = x.get(); x.release(); reclaim(raw)` hands the reference over.
  if (const VarDecl *OwnerVar = Owner ? variableOf(*Owner) : nullptr;
      OwnerVar && mayGiveUpOwnership(*OwnerVar, Body, Parents, Ctx))
    Owner = nullptr;
  const std::string ArgText = utils::sourceText(Arg.getSourceRange(), Ctx);

  if (IsReclaim && New) {
    utils::MakeIntrusiveRewrite Rewrite = utils::rewriteAsMakeIntrusive(*New, *Pointer, Ctx);
    utils::Finding F;
    F.Loc = New->getBeginLoc();
    F.Message = "'reclaim()' of a new object: reclaim adopts a reference without adding one, "
                "so the object's refcount stays 0 and it is never destroyed; use '" +
                Rewrite.Suggestion + "'";
    if (InMacro || utils::isInMacro({New->getBeginLoc(), New->getEndLoc()}))
      F.NoFixReason = "the code is inside a macro expansion";
    else if (utils::isInTemplateInstantiation(Function))
      F.NoFixReason = "the code is in a template instantiation";
    else if (Discarded)
      F.NoFixReason = "the result is discarded: decide which intrusive_ptr should own the "
                      "object (e.g. 'p = " + Rewrite.Suggestion + "')";
    else if (Member && Member->getBase()->HasSideEffects(Ctx))
      F.NoFixReason = "the object expression '" + Object +
                      "' has side effects that the rewrite would drop";
    else if (Rewrite.Replacement.empty())
      F.NoFixReason = Rewrite.NoFixReason;
    else
      F.Fixes.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(Call.getSourceRange()), Rewrite.Replacement));
    Findings.record(std::move(F));
  } else if (IsReclaim && NewInLocal) {
    utils::MakeIntrusiveRewrite Rewrite =
        utils::rewriteAsMakeIntrusive(*NewInLocal, *Pointer, Ctx);
    utils::Finding F;
    F.Loc = Arg.getBeginLoc();
    F.Message = "'" + ArgText +
                "' points to a new object that no intrusive_ptr owns (refcount 0): reclaim "
                "adopts a reference without adding one, so the object is never destroyed; "
                "create it with '" + Rewrite.Suggestion + "'";
    F.Notes.emplace_back(NewInLocal->getBeginLoc(), "the object is created here");
    Findings.record(std::move(F));
  } else if (Owner && Name != "reclaim_copy") {
    const std::string OwnerText = utils::sourceText(Owner->getSourceRange(), Ctx);
    utils::Finding F;
    F.Loc = Arg.getBeginLoc();
    F.Message =
        IsReclaim
            ? "'" + ArgText + "' is still owned by '" + OwnerText +
                  "': reclaim adopts a reference that '" + OwnerText +
                  "' releases too, so the object is released twice; copy '" + OwnerText +
                  "' instead"
            : "'unsafe_steal_from_new()' of an object '" + OwnerText +
                  "' still owns: it resets the refcount to 1, so the object is deleted while '" +
                  OwnerText + "' points to it; copy '" + OwnerText + "' instead";
    if (Init)
      F.Notes.emplace_back(Init->getBeginLoc(), "'" + ArgText + "' is initialised from '" +
                                                    OwnerText + ".get()' here");
    Findings.record(std::move(F));
  } else if (IsReclaim && isa<CXXThisExpr>(Arg) && !Increfed) {
    Findings.record({Arg.getBeginLoc(),
                     "'reclaim(this)' adopts a reference 'this' does not carry, so the object "
                     "is released once more than it is owned; use "
                     "'unsafe_reclaim_from_nonowning(this)' to make a new owner",
                     {},
                     "",
                     {}});
  }

  // The call itself.
  const bool StaticThroughInstance = Member && Name != "unsafe_steal_from_new";
  const std::string Instance =
      "'" + Object + "' is not changed: '" + Name + "' is a static member function";
  if (Discarded && !Fresh) {
    std::string Message =
        Name == "reclaim" ? "the result of 'reclaim()' is discarded: the intrusive_ptr it "
                            "returns releases the object at the end of the statement"
        : Name == "reclaim_copy"
            ? "the result of 'reclaim_copy()' is discarded: the reference it adds is dropped "
              "at the end of the statement, so the call has no effect"
            : "the result of 'unsafe_steal_from_new()' is discarded: the object is deleted at "
              "the end of the statement";
    if (StaticThroughInstance)
      Message += "; " + Instance;
    Findings.record({NameLoc, std::move(Message), {}, "", {}});
  } else if (StaticThroughInstance) {
    Findings.record({NameLoc,
                     "'" + Object + "." + Name + "(...)' creates a new intrusive_ptr; " +
                         Instance + (Discarded ? " and the result is discarded" : ""),
                     {},
                     "",
                     {}});
  }
}

void IntrusivePtrReclaimCheck::checkRelease(const CXXMemberCallExpr &Call,
                                            const utils::LocalParents &Parents, const Stmt &Body,
                                            ASTContext &Ctx) {
  if (!isDiscarded(Call, Parents))
    return;
  // `auto x = reclaim(raw); ... x.release();` borrows the reference `raw`
  // carries and gives it back (c10::raw::intrusive_ptr::use_count does this).
  if (const VarDecl *Owner = variableOf(*Call.getImplicitObjectArgument());
      Owner && Owner->getInit())
    if (const auto *Init =
            dyn_cast<CallExpr>(Owner->getInit()->IgnoreImplicit()->IgnoreParenImpCasts()))
      if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Init->getCalleeDecl());
          Method && Method->isStatic() && utils::isNamed(Method, "reclaim"))
        return;
  // `T* raw = x.get(); x.release();` hands the reference over through `raw`.
  if (const VarDecl *Owner = variableOf(*Call.getImplicitObjectArgument())) {
    auto Gets = match(findAll(cxxMemberCallExpr(on(declRefExpr(to(varDecl(equalsNode(Owner))))),
                                                callee(cxxMethodDecl(hasName("get"))))
                                  .bind("get")),
                      Body, Ctx);
    const SourceManager &SM = Ctx.getSourceManager();
    if (llvm::any_of(Gets, [&](const BoundNodes &Get) {
          return SM.isBeforeInTranslationUnit(Get.getNodeAs<Expr>("get")->getBeginLoc(),
                                              Call.getBeginLoc());
        }))
      return;
  }
  const auto *Member = dyn_cast<MemberExpr>(Call.getCallee()->IgnoreParenImpCasts());
  if (!Member)
    return;
  const bool Weak = !utils::asIntrusivePtr(Call.getMethodDecl()->getParent());
  Findings.record({Member->getMemberLoc(),
                   Weak ? "the result of 'release()' is discarded: the weak reference it hands "
                          "over is leaked, and the object's memory with it; use 'reset()' to "
                          "drop it"
                        : "the result of 'release()' is discarded: the reference it hands over "
                          "is leaked and the object is never destroyed; use 'reset()' to drop "
                          "it",
                   {},
                   "",
                   {}});
}

void IntrusivePtrReclaimCheck::checkLock(const CXXMemberCallExpr &Call,
                                         const utils::LocalParents &Parents, const Stmt &Body,
                                         ASTContext &Ctx) {
  const auto *Member = dyn_cast<MemberExpr>(Call.getCallee()->IgnoreParenImpCasts());
  if (!Member)
    return;
  const Stmt *Child = nullptr;
  const Stmt *Parent = valueParent(Call, Parents, Child);
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(Parent)) {
    if (Op->getArg(0) == Child &&
        (Op->getOperator() == OO_Arrow || (Op->getOperator() == OO_Star && Op->getNumArgs() == 1)))
      Findings.record({Member->getMemberLoc(),
                       "the result of 'lock()' is dereferenced without a null check: it is "
                       "empty once the object has expired",
                       {},
                       "",
                       {}});
    return;
  }
  // `auto s = w.lock();` (or `if (auto s = w.lock())`): its dereferences.
  const VarDecl *Var = nullptr;
  if (isa_and_nonnull<DeclStmt>(Parent))
    Var = Parents.variableInitialisedBy(*cast<Expr>(Child));
  else if (const auto *If = dyn_cast_or_null<IfStmt>(Parent))
    Var = If->getConditionVariable();
  if (!Var || !Var->hasLocalStorage() || Var->getType()->isReferenceType() ||
      !Var->getInit() || Var->getInit()->IgnoreImplicit() != Call.IgnoreImplicit())
    return;
  const Expr *FirstUnguarded = nullptr;
  auto Uses = match(findAll(declRefExpr(to(varDecl(equalsNode(Var)))).bind("use")), Body, Ctx);
  for (const BoundNodes &Use : Uses) {
    const auto &Ref = *Use.getNodeAs<DeclRefExpr>("use");
    switch (classifyUse(Ref, Parents)) {
    case UseKind::Write:
      return; // It may hold something else by the time it is dereferenced.
    case UseKind::Read:
      break;
    case UseKind::Dereference:
      if (!isGuarded(Ref, *Var, Parents) &&
          (!FirstUnguarded || Ctx.getSourceManager().isBeforeInTranslationUnit(
                                  Ref.getBeginLoc(), FirstUnguarded->getBeginLoc())))
        FirstUnguarded = &Ref;
      break;
    }
  }
  if (!FirstUnguarded)
    return;
  const std::string VarName = Var->getName().str();
  Findings.record({FirstUnguarded->getBeginLoc(),
                   "'" + VarName + "' is dereferenced without a null check: it holds the "
                   "result of 'lock()', which is empty once the object has expired",
                   {},
                   "",
                   {{Member->getMemberLoc(), "'" + VarName + "' is initialised by 'lock()' here"}}});
}

void IntrusivePtrReclaimCheck::onEndOfTranslationUnit() {
  Findings.flush(*this);
  Unit.release();
}

} // namespace clang::tidy::c10
