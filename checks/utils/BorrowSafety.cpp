//===- BorrowSafety.cpp ---------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/BorrowSafety.h"
#include "utils/AliasWrites.h"
#include "utils/PlainReads.h"
#include "utils/SourceText.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "utils/ArgumentParameters.h"
#include "utils/ReferenceEscape.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>
#include "clang/Lex/Lexer.h"

namespace clang::tidy::c10::utils {


BorrowVerdict canBorrowFrom(const Expr &Source, const Stmt &Region, const LocalParents &Parents,
                            ASTContext &Ctx, llvm::ArrayRef<QualType> Viewed, LiveRange Live,
                            const VarDecl *Borrower, bool CopyHoldsElements) {
  const Expr *E = Source.IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const bool IsLocalOrParam =
      Var && !Ref->refersToEnclosingVariableOrCapture() &&
      (isa<ParmVarDecl>(Var) || (Var->hasLocalStorage() && !Var->getType()->isReferenceType()));
  if (!IsLocalOrParam) {
    BorrowVerdict V{false,
                    "'" + sourceText(Source.getSourceRange(), Ctx) +
                        "' is not a local variable or parameter: a container element, member "
                        "or global can change or die while the reference is alive"};
    BorrowedStorage Storage;
    Storage.Source = &Source;
    Storage.Borrower = Borrower;
    Storage.addType(E->getType());
    for (QualType T : Viewed)
      Storage.addType(T);
    // Only the advice is judged here (no fix-it is offered): a change after
    // the reference's last read can neither be seen through it nor leave
    // it dangling while it is read.
    V.Changed = static_cast<bool>(sharedStateWriteIn(Region, Live.Begin, Storage, Ctx, Live.End));
    return V;
  }

  // A const object cannot be written through its name, so the analyzer is only
  // asked about non-const ones. That matters for speed: the analyzer's test for
  // unevaluated contexts uses hasAncestor, which makes the ASTContext build a
  // parent map of the whole translation unit (about a second with
  // torch/script.h), while most receivers are `const IValue&` parameters.
  const bool IsConst = Var->getType().getNonReferenceType().isConstQualified();
  std::optional<ExprMutationAnalyzer> Analyzer;
  auto AnalyzerOnFirstNeed = [&]() -> ExprMutationAnalyzer & {
    if (!Analyzer)
      Analyzer.emplace(Region, Ctx);
    return *Analyzer;
  };
  // Before the reference is declared, a statement that only gives the source
  // a new value (`v = f();`) leaves nothing pointing into it: the reference
  // reads the new value. A lambda's body runs where it is called, so uses in
  // one always count.
  const SourceManager &SM = Ctx.getSourceManager();
  auto WrittenBeforeTheReference = [&](const DeclRefExpr &Use) {
    return Live && Live.Begin.isFileID() && Use.getEndLoc().isFileID() &&
           !Use.refersToEnclosingVariableOrCapture() &&
           SM.isBeforeInTranslationUnit(Use.getEndLoc(), Live.Begin) &&
           isDiscardedPlainWrite(Use, Parents);
  };
  if (!IsConst && isMutatedIn(*Var, Region, Parents, AnalyzerOnFirstNeed,
                              WrittenBeforeTheReference))
    return {false,
            "'" + Var->getName().str() +
                "' is modified, or its address escapes, while the reference is alive",
            true};
  BorrowedStorage Storage;
  Storage.Borrower = Borrower;
  Storage.OnPath.insert(Var);
  Storage.addType(Var->getType());
  for (QualType T : Viewed)
    Storage.addType(T);
  // A by-value handle keeps what it holds alive to the end of its scope, and
  // is not changed (above): after the reference's last read, a change
  // through another name can neither be seen nor release the object earlier
  // than the copy would have. Through a reference it could release it, and
  // a copy of the elements (a std::vector out of a tuple or list) keeps each
  // element alive, which a change of the shared tuple or list through
  // another handle would release earlier.
  const SourceLocation Until =
      Var->getType()->isReferenceType() || CopyHoldsElements ? SourceLocation() : Live.End;
  AliasWrite W = sharedStateWriteIn(Region, Live.Begin, Storage, Ctx, Until);
  if (!W)
    return {true, {}};
  const std::string Name = "'" + Var->getName().str() + "'";
  // A change after the last read: the advice holds, not its rewrite.
  if (!Until.isValid() && writesOnlyAfter(W, Live.End, Region, Live.Begin, Storage, Ctx))
    return {false,
            Name + " may be changed through another name after the reference's last read, "
                   "which could release what the copy keeps alive to the end of its scope: " +
                W.Why,
            false};
  return {false, Name + " may be changed through another name while the reference is alive: " +
                     W.Why,
          true};
}

namespace {

/// The fields an lvalue path goes through on its way to its root:
/// `stack_.back()` -> {stack_}, `ctx->state.value` -> {value, state}.
llvm::SmallPtrSet<const FieldDecl *, 4> fieldsOnPath(const Expr &Source) {
  llvm::SmallPtrSet<const FieldDecl *, 4> Fields;
  const Expr *E = &Source;
  for (unsigned Depth = 0; E && Depth < 16; ++Depth) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Member = dyn_cast<MemberExpr>(E)) {
      if (const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl()))
        Fields.insert(Field);
      E = Member->getBase();
    } else if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
      E = Call->getImplicitObjectArgument();
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E); Op && Op->getNumArgs() >= 1) {
      E = Op->getArg(0);
    } else if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
      E = Subscript->getBase();
    } else if (const auto *Unary = dyn_cast<UnaryOperator>(E); Unary && Unary->getOpcode() == UO_Deref) {
      E = Unary->getSubExpr();
    } else {
      break;
    }
  }
  return Fields;
}

/// Non-const member functions of containers and handles that invalidate or
/// replace what they hold. Other non-const members (back(), at(), begin())
/// are picked only because the object is not const, and change nothing.
bool changesObject(const CXXMethodDecl &Method) {
  if (Method.isConst())
    return false;
  if (Method.isCopyAssignmentOperator() || Method.isMoveAssignmentOperator() ||
      Method.getReturnType()->isVoidType())
    return true;
  static constexpr llvm::StringLiteral Modifiers[] = {
      "push_back", "emplace_back", "pop_back", "push_front", "emplace_front", "pop_front",
      "insert",    "emplace",      "erase",    "clear",      "resize",        "reserve",
      "swap",      "assign",       "reset",    "release"};
  return Method.getIdentifier() && llvm::is_contained(Modifiers, Method.getName());
}

} // namespace

const Stmt *memberChangedAfter(const Expr &Source, const Stmt &Region, SourceLocation After,
                               ASTContext &Ctx) {
  using namespace ast_matchers;
  const llvm::SmallPtrSet<const FieldDecl *, 4> Fields = fieldsOnPath(Source);
  if (Fields.empty())
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  auto Touches = [&](const Expr &Object) {
    return llvm::any_of(fieldsOnPath(Object), [&](const FieldDecl *F) { return Fields.contains(F); });
  };
  auto Calls = match(findAll(expr(anyOf(cxxMemberCallExpr(), cxxOperatorCallExpr())).bind("call")),
                     Region, Ctx);
  for (const BoundNodes &Node : Calls) {
    const auto &Call = *Node.getNodeAs<Expr>("call");
    if (!SM.isBeforeInTranslationUnit(After, Call.getBeginLoc()))
      continue;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(&Call)) {
      const CXXMethodDecl *Method = Member->getMethodDecl();
      if (Method && changesObject(*Method) && Member->getImplicitObjectArgument() &&
          Touches(*Member->getImplicitObjectArgument()))
        return &Call;
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(&Call);
               Op->isAssignmentOp() && Op->getNumArgs() >= 1 && Touches(*Op->getArg(0))) {
      return &Call;
    }
  }
  return nullptr;
}

/// `v.toTuple()`, `v.toList()`...: a new handle to what the IValue holds.
static bool isSharingAccessor(const CXXMemberCallExpr &Call) {
  const CXXMethodDecl *Method = Call.getMethodDecl();
  if (!Method || !Method->getIdentifier() ||
      Method->getParent()->getQualifiedNameAsString() != "c10::IValue" ||
      !Call.getImplicitObjectArgument() || !Call.getImplicitObjectArgument()->isLValue())
    return false;
  const StringRef Name = Method->getName();
  return Name == "toTuple" || Name == "toList" || Name == "toObject" || Name == "toString" ||
         Name == "toGenericDict";
}

bool isUnsharedTemporary(const Expr &E) {
  // Parentheses and no-op casts only: IgnoreParenImpCasts would strip the
  // materialisation itself.
  const Expr *Object = &E;
  for (;;) {
    if (const auto *Paren = dyn_cast<ParenExpr>(Object))
      Object = Paren->getSubExpr();
    else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Object);
             Cast && Cast->getCastKind() == CK_NoOp)
      Object = Cast->getSubExpr();
    else
      break;
  }
  const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(Object);
  return Temporary && Temporary->getStorageDuration() == SD_FullExpression &&
         Temporary->getSubExpr()->IgnoreImplicit()->isPRValue();
}

bool isWithinTemporary(const Expr &Object) {
  const Expr *E = &Object;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = Temporary->getSubExpr();
      continue;
    }
    if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = Bind->getSubExpr();
      continue;
    }
    if (const auto *Member = dyn_cast<MemberExpr>(E)) {
      if (Member->isArrow() && !isa<CXXOperatorCallExpr>(Member->getBase()->IgnoreParenImpCasts()))
        return false; // a raw pointer's pointee is not owned by the expression
      E = Member->getBase();
      continue;
    }
    if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
      // `v.toTuple()` on a variable shares the tuple `v` holds: the handle
      // is a temporary, the tuple is not.
      if (!Call->getType()->isReferenceType() && !Call->isGLValue() &&
          !isSharingAccessor(*Call))
        return true; // a value: itself a temporary
      E = Call->getImplicitObjectArgument();
      continue;
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E); Op && Op->getNumArgs() >= 1) {
      if (!Op->isGLValue() && !Op->getType()->isPointerType())
        return true;
      E = Op->getArg(0);
      continue;
    }
    return E->isPRValue() && E->getType()->isRecordType();
  }
  return false;
}

namespace {

/// Finds `decltype(...)` that names a variable, including inside types of
/// declarations the statements make.
class DecltypeFinder : public RecursiveASTVisitor<DecltypeFinder> {
public:
  explicit DecltypeFinder(const VarDecl &Var) : Var(Var) {}
  bool Found = false;

  bool VisitDecltypeTypeLoc(DecltypeTypeLoc Loc) {
    if (namesVar(Loc.getUnderlyingExpr()))
      Found = true;
    return !Found;
  }

private:
  bool namesVar(const Stmt *S) const {
    if (!S)
      return false;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == &Var)
      return true;
    return llvm::any_of(S->children(), [this](const Stmt *C) { return namesVar(C); });
  }
  const VarDecl &Var;
};

/// A parameter whose type a template deduces from the argument.
bool isDeducedParameter(const FunctionDecl &Callee, const ParmVarDecl &Param) {
  const FunctionDecl *Pattern = Callee.getTemplateInstantiationPattern();
  if (!Pattern || Param.getFunctionScopeIndex() >= Pattern->getNumParams())
    return false;
  return Pattern->getParamDecl(Param.getFunctionScopeIndex())->getType()->isDependentType();
}

} // namespace

/// What the loop variable of \p Loop, a range-for over the variable called
/// \p RangeName, makes of the range becoming const: an element bound by
/// value or by const reference is the same, `auto&`/`auto&&` becomes a const
/// reference (whatever observes its type is asked in turn), an explicit
/// non-const reference no longer binds.
static std::string loopVariableObserves(const CXXForRangeStmt &Loop, const std::string &RangeName,
                                        const LocalParents &Parents, ASTContext &Ctx) {
  const VarDecl &Element = *Loop.getLoopVariable();
  QualType T = Element.getType();
  if (!T->isReferenceType() || T.getNonReferenceType().isConstQualified())
    return "";
  const std::string Name = "'" + Element.getNameAsString() + "'";
  if (!T->getContainedDeducedType())
    return "the loop variable " + Name + " binds a non-const reference to an element of " +
           RangeName + " (make it const)";
  if (std::string Observed = typeObservedIn(Element, *Loop.getBody(), Parents, Ctx);
      !Observed.empty())
    return "the loop variable " + Name + " over " + RangeName + " becomes a const reference, and " +
           Observed;
  return "";
}

std::string typeObservedIn(const VarDecl &Var, const Stmt &Scope, const LocalParents &Parents,
                           ASTContext &Ctx) {
  const std::string Name = "'" + Var.getNameAsString() + "'";
  DecltypeFinder Finder(Var);
  Finder.TraverseStmt(const_cast<Stmt *>(&Scope));
  if (Finder.Found)
    return "'decltype' names the type of " + Name + ", which the rewrite changes";
  for (const DeclRefExpr *Use : Parents.usesOf(Var, Scope)) {
    const Expr *Outer = nullptr;
    const Stmt *User = Parents.user(*Use, Outer);
    if (const auto *Declaration = dyn_cast_or_null<DeclStmt>(User)) {
      if (const auto *Loop = dyn_cast_or_null<CXXForRangeStmt>(Parents.parent(*Declaration));
          Loop && Loop->getRangeStmt() == Declaration) {
        // `for (... : x)`: the hidden range reference deduces its type from
        // x, and only the loop variable sees it.
        if (std::string Observed = loopVariableObserves(*Loop, Name, Parents, Ctx);
            !Observed.empty())
          return Observed;
        continue;
      }
      for (const Decl *D : Declaration->decls())
        if (const auto *Bound = dyn_cast<VarDecl>(D);
            Bound && Bound->getInit() && Bound->getType()->isReferenceType() &&
            Bound->getType()->getContainedDeducedType())
          return "'" + Bound->getNameAsString() + "' deduces its type from " + Name;
      continue;
    }
    if (!isa_and_nonnull<CallExpr, CXXConstructExpr>(User))
      continue;
    const ParameterBinding B = parameterBoundTo(*cast<Expr>(User), *Outer);
    if (!B.Param)
      continue;
    // Library templates (std::make_tuple, emplace_back) decay or copy what
    // they deduce; a template of the user's may observe const-ness.
    if (isDeducedParameter(*B.Callee, *B.Param) && !isLibraryCode(*B.Callee, Ctx))
      return "'" + B.Callee->getNameAsString() + "' deduces a template parameter from " + Name +
             "; its const-ness would change";
    QualType T = B.Param->getType();
    if (T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified() &&
        !isLibraryCode(*B.Callee, Ctx))
      return Name + " binds a non-const reference parameter of '" +
             B.Callee->getNameAsString() + "'";
  }
  return "";
}

bool isInTemplateInstantiation(const FunctionDecl &Fn) {
  for (const DeclContext *Context = &Fn; Context; Context = Context->getParent()) {
    if (const auto *Function = dyn_cast<FunctionDecl>(Context))
      if (Function->isTemplateInstantiation())
        return true;
    if (const auto *Record = dyn_cast<CXXRecordDecl>(Context)) {
      TemplateSpecializationKind Kind = Record->getTemplateSpecializationKind();
      if (Kind == TSK_ImplicitInstantiation || Kind == TSK_ExplicitInstantiationDeclaration ||
          Kind == TSK_ExplicitInstantiationDefinition)
        return true;
    }
  }
  return false;
}

} // namespace clang::tidy::c10::utils
