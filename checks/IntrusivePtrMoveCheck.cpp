//===- IntrusivePtrMoveCheck.cpp - c10-intrusive-ptr-move -----------------===//
//
// Copying a c10 handle bumps a shared atomic refcount, and the copy's death
// drops it again; when the source is never read afterwards, std::move hands
// the reference over with two plain stores instead.
//
// A candidate is an argument that binds an lvalue reference parameter and
// names a handle (or a std::vector of handles):
//   - `const T&` where the callee has a `T&&` twin: copy constructors
//     (by-value parameters, IValue(Tensor)), copy assignment, push_back,
//     insert, ...;
//   - a forwarding `Args&&...` of the emplace family;
// and the handle is either a local variable or by-value parameter at its last
// use (utils/LastUse: decided on the CFG), or a container element (back(),
// front(), [i], at(i)) that the very next statement removes.
//
//===----------------------------------------------------------------------===//

#include "IntrusivePtrMoveCheck.h"
#include "utils/BorrowSafety.h"
#include "utils/ClassNameListOption.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

namespace {

constexpr llvm::StringLiteral DefaultHandleClasses =
    "::c10::intrusive_ptr;::c10::IValue;::at::Tensor;::at::TensorBase";
constexpr llvm::StringLiteral DefaultContainerClasses = "::std::vector;::std::deque";

/// Callees that forward an `Args&&...` pack into a new element or object that
/// keeps a copy of each argument.
bool isEmplaceLike(const FunctionDecl &Callee) {
  if (!Callee.getDeclName().isIdentifier() || !Callee.isTemplateInstantiation())
    return false;
  static constexpr llvm::StringLiteral Names[] = {"emplace_back", "emplace_front", "emplace",
                                                  "emplace_hint", "try_emplace",   "make_pair",
                                                  "make_tuple"};
  return llvm::is_contained(Names, Callee.getName());
}

/// Whether \p Record has a move constructor (or move assignment) that
/// overload resolution would pick for an rvalue: otherwise std::move copies.
bool hasUsableMove(const CXXRecordDecl &Record, bool Assignment) {
  if (!Record.hasDefinition())
    return false;
  if (Assignment) {
    for (const CXXMethodDecl *Method : Record.methods())
      if (Method->isMoveAssignmentOperator())
        return !Method->isDeleted();
    return Record.needsImplicitMoveAssignment();
  }
  for (const CXXConstructorDecl *Ctor : Record.ctors())
    if (Ctor->isMoveConstructor())
      return !Ctor->isDeleted();
  return Record.needsImplicitMoveConstructor();
}

/// Whether an rvalue in place of the argument bound to \p Param would reach
/// an overload that takes ownership: `f(T&&)` next to `f(const T&)`, a move
/// constructor next to the copy constructor, or a forwarding emplace.
bool moveOverloadExists(const FunctionDecl &Callee, const ParmVarDecl &Param, ASTContext &Ctx) {
  QualType Pointee = Param.getType()->getPointeeType();
  if (!Pointee.isConstQualified())
    return isEmplaceLike(Callee);
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Callee); Ctor && Ctor->isCopyConstructor())
    return hasUsableMove(*Ctor->getParent(), /*Assignment=*/false);
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&Callee);
      Method && Method->isCopyAssignmentOperator())
    return hasUsableMove(*Method->getParent(), /*Assignment=*/true);
  const unsigned Index = Param.getFunctionScopeIndex();
  const auto *Method = dyn_cast<CXXMethodDecl>(&Callee);
  for (const NamedDecl *Found :
       Callee.getDeclContext()->getRedeclContext()->lookup(Callee.getDeclName())) {
    const auto *Twin = dyn_cast<FunctionDecl>(Found->getUnderlyingDecl());
    if (!Twin || Twin == &Callee || Twin->isDeleted() ||
        Twin->getNumParams() != Callee.getNumParams())
      continue;
    if (const auto *TwinMethod = dyn_cast<CXXMethodDecl>(Twin);
        Method && TwinMethod &&
        (Method->isConst() != TwinMethod->isConst() ||
         Method->isStatic() != TwinMethod->isStatic()))
      continue;
    bool Matches = true;
    for (unsigned I = 0; I < Callee.getNumParams() && Matches; ++I) {
      QualType Theirs = Twin->getParamDecl(I)->getType();
      if (I != Index) {
        Matches = Ctx.hasSameType(Theirs, Callee.getParamDecl(I)->getType());
        continue;
      }
      Matches = Theirs->isRValueReferenceType() && !Theirs->getPointeeType().isConstQualified() &&
                Ctx.hasSameUnqualifiedType(Theirs->getPointeeType(), Pointee);
    }
    if (Matches)
      return true;
  }
  return false;
}

/// `return x;` (through implicit conversions): the language already moves or
/// the conversion is the return's business; no finding by design.
bool isImplicitReturnOperand(const Expr &Argument, const utils::LastUseAnalysis &A) {
  const Stmt *S = &Argument;
  for (const Stmt *P = A.parent(*S); P; S = P, P = A.parent(*P)) {
    if (isa<ReturnStmt, CoreturnStmt>(P))
      return true;
    if (isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
            ExprWithCleanups>(P))
      continue;
    if (isa<CXXConstructExpr>(P) && !isa<CXXTemporaryObjectExpr>(P))
      continue;
    return false;
  }
  return false;
}

/// The argument as the callee sees it: forEachArgumentWithParam hands over
/// \p Stripped without parentheses and casts. Null when an explicit cast
/// stands between (`static_cast<const T&>(x)` would stay a copy).
const Expr *actualArgument(const Expr &Stripped, const utils::LastUseAnalysis &A) {
  const Expr *E = &Stripped;
  for (const Stmt *P = A.parent(*E); P; P = A.parent(*E)) {
    if (isa<ExplicitCastExpr>(P))
      return nullptr;
    const auto *Cast = dyn_cast<ImplicitCastExpr>(P);
    if (!isa<ParenExpr>(P) &&
        !(Cast && (Cast->getCastKind() == CK_NoOp || Cast->getCastKind() == CK_DerivedToBase ||
                   Cast->getCastKind() == CK_UncheckedDerivedToBase)))
      break;
    E = cast<Expr>(P);
  }
  return E;
}

/// `[x] { ... }`: the closure's copy of `x`; moving it needs an init-capture
/// (`[x = std::move(x)]`), a rewrite of the capture list left to the author.
bool isCaptureInitialiser(const Expr &Argument, const utils::LastUseAnalysis &A) {
  const Stmt *Copy = A.parent(Argument);
  return isa_and_nonnull<CXXConstructExpr>(Copy) && isa_and_nonnull<LambdaExpr>(A.parent(*Copy));
}

/// Whether performance-unnecessary-value-param reports \p Var: a by-value
/// parameter of a (non-overriding, non-instantiated) function definition that
/// the function never modifies. It suggests `const T&` or, for a single copy,
/// std::move; a second, conflicting fix-it from this check would only confuse.
bool isReportedByUnnecessaryValueParam(const VarDecl &Var, const FunctionDecl &Owner,
                                       ASTContext &Ctx) {
  if (!isa<ParmVarDecl>(Var) || Owner.isTemplateInstantiation() || Owner.isImplicit())
    return false;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&Owner);
      Method && (Method->size_overridden_methods() > 0 || Method->hasAttr<FinalAttr>() ||
                 Method->getParent()->isLambda()))
    return false;
  // Asked only here, for a parameter that is otherwise reported: the analyzer
  // needs the translation unit's parent map, which the upstream check (enabled
  // in this run) builds anyway.
  if (ExprMutationAnalyzer(*Owner.getBody(), Ctx).isMutated(&Var))
    return false;
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Owner))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit() && ExprMutationAnalyzer(*Init->getInit(), Ctx).isMutated(&Var))
        return false;
  return true;
}

/// The same variable or the same member of `this`.
bool isSameObject(const Expr &A, const Expr &B) {
  const Expr *L = A.IgnoreParenImpCasts();
  const Expr *R = B.IgnoreParenImpCasts();
  if (const auto *LRef = dyn_cast<DeclRefExpr>(L))
    if (const auto *RRef = dyn_cast<DeclRefExpr>(R))
      return LRef->getDecl() == RRef->getDecl();
  if (const auto *LMember = dyn_cast<MemberExpr>(L))
    if (const auto *RMember = dyn_cast<MemberExpr>(R))
      return LMember->getMemberDecl() == RMember->getMemberDecl() &&
             isa<CXXThisExpr>(LMember->getBase()->IgnoreParenImpCasts()) &&
             isa<CXXThisExpr>(RMember->getBase()->IgnoreParenImpCasts());
  return false;
}

/// The same index: one integer literal value, or one variable.
bool isSameIndex(const Expr &A, const Expr &B) {
  const Expr *L = A.IgnoreParenImpCasts();
  const Expr *R = B.IgnoreParenImpCasts();
  if (const auto *LInt = dyn_cast<IntegerLiteral>(L))
    if (const auto *RInt = dyn_cast<IntegerLiteral>(R))
      return LInt->getValue() == RInt->getValue();
  if (const auto *LRef = dyn_cast<DeclRefExpr>(L))
    if (const auto *RRef = dyn_cast<DeclRefExpr>(R))
      return LRef->getDecl() == RRef->getDecl() && isa<VarDecl>(LRef->getDecl());
  return false;
}

bool isZero(const Expr &E) {
  const auto *Int = dyn_cast<IntegerLiteral>(E.IgnoreParenImpCasts());
  return Int && Int->getValue() == 0;
}

/// Strips the iterator -> const_iterator conversion erase() applies.
const Expr *stripConversions(const Expr *E) {
  for (;;) {
    E = E->IgnoreImplicit()->IgnoreParens();
    const auto *Construct = dyn_cast<CXXConstructExpr>(E);
    if (!Construct || isa<CXXTemporaryObjectExpr>(Construct) || Construct->getNumArgs() != 1)
      return E;
    E = Construct->getArg(0);
  }
}

bool isBeginOf(const Expr &E, const Expr &Container) {
  const auto *Call = dyn_cast<CXXMemberCallExpr>(stripConversions(&E));
  return Call && Call->getMethodDecl() && Call->getMethodDecl()->getDeclName().isIdentifier() &&
         Call->getMethodDecl()->getName() == "begin" && Call->getNumArgs() == 0 &&
         isSameObject(*Call->getImplicitObjectArgument(), Container);
}

/// `c.begin() + Index` (or `c.begin()` when \p Index is 0).
bool isIteratorTo(const Expr &E, const Expr &Container, const Expr &Index) {
  if (isZero(Index) && isBeginOf(E, Container))
    return true;
  const Expr *Stripped = stripConversions(&E);
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Stripped);
      Op && Op->getOperator() == OO_Plus && Op->getNumArgs() == 2)
    return isBeginOf(*Op->getArg(0), Container) && isSameIndex(*Op->getArg(1), Index);
  if (const auto *Binary = dyn_cast<BinaryOperator>(Stripped);
      Binary && Binary->getOpcode() == BO_Add)
    return isBeginOf(*Binary->getLHS(), Container) && isSameIndex(*Binary->getRHS(), Index);
  return false;
}

/// How many times \p S names the same object as \p Object.
unsigned countMentions(const Stmt &S, const Expr &Object) {
  unsigned N = 0;
  if (const auto *E = dyn_cast<Expr>(&S);
      E && isa<DeclRefExpr, MemberExpr>(E) && isSameObject(*E, Object))
    ++N;
  for (const Stmt *Child : S.children())
    if (Child)
      N += countMentions(*Child, Object);
  return N;
}

std::string sourceText(const Expr &E, const ASTContext &Ctx) {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(E.getSourceRange()),
                              Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

} // namespace

IntrusivePtrMoveCheck::IntrusivePtrMoveCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RawHandleClasses(Options.get("HandleClasses", DefaultHandleClasses)),
      RawContainerClasses(Options.get("ContainerClasses", DefaultContainerClasses)),
      UpstreamValueParamEnabled(Context->isCheckEnabled("performance-unnecessary-value-param")),
      Inserter(Options.getLocalOrGlobal("IncludeStyle", tidy::utils::IncludeSorter::IS_LLVM),
               areDiagsSelfContained()) {
  HandleClasses = utils::parseClassNameListOption(*this, Name, "HandleClasses",
                                                  RawHandleClasses, "::c10::IValue");
  ContainerClasses = utils::parseClassNameListOption(*this, Name, "ContainerClasses",
                                                     RawContainerClasses, "::std::vector");
}

void IntrusivePtrMoveCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "HandleClasses", RawHandleClasses);
  Options.store(Opts, "ContainerClasses", RawContainerClasses);
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
}

void IntrusivePtrMoveCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                                Preprocessor *) {
  Inserter.registerPreprocessor(PP);
}

void IntrusivePtrMoveCheck::registerMatchers(MatchFinder *Finder) {
  if (HandleClasses.empty() || ContainerClasses.empty())
    return;
  auto HandleType = qualType(hasUnqualifiedDesugaredType(
      recordType(hasDeclaration(cxxRecordDecl(hasAnyName(utils::asStringRefs(HandleClasses)))))));
  auto ContainerType = qualType(hasUnqualifiedDesugaredType(recordType(hasDeclaration(
      classTemplateSpecializationDecl(hasAnyName(utils::asStringRefs(ContainerClasses)),
                                      hasTemplateArgument(0, refersToType(HandleType)))))));

  // A variable that holds a handle or a vector of them.
  auto Variable = declRefExpr(to(varDecl(hasType(qualType(anyOf(HandleType, ContainerType))))))
                      .bind("variable");
  // An element of such a vector: v.back(), v.front(), v.at(i), v[i].
  auto Container = expr(hasType(ContainerType)).bind("container");
  auto Element =
      expr(anyOf(cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName("back", "front", "at"))),
                                   on(Container)),
                 cxxOperatorCallExpr(hasOverloadedOperatorName("[]"),
                                     hasArgument(0, ignoringParenImpCasts(Container)))))
          .bind("element");
  // Bound to an lvalue reference parameter: the callee copies from it.
  auto Argument = expr(ignoringParenImpCasts(expr(anyOf(Variable, Element)))).bind("argument");
  auto Parameter = parmVarDecl(hasType(lValueReferenceType())).bind("param");
  auto Copy = expr(eachOf(callExpr(forEachArgumentWithParam(Argument, Parameter)),
                          cxxConstructExpr(forEachArgumentWithParam(Argument, Parameter))));

  // Matched per function (libtorch's own headers are skipped before any work
  // is done); the control-flow graph is built only for functions with a match.
  Finder->addMatcher(functionDecl(unless(isExpansionInSystemHeader()), unless(isImplicit()),
                                  hasBody(stmt(forEachDescendant(Copy))))
                         .bind("function"),
                     this);
  Finder->addMatcher(cxxConstructorDecl(unless(isExpansionInSystemHeader()), unless(isImplicit()),
                                        forEachConstructorInitializer(withInitializer(
                                            expr(eachOf(Copy, forEachDescendant(Copy))))))
                         .bind("function"),
                     this);
}

utils::LastUseAnalysis &IntrusivePtrMoveCheck::analysisOf(const FunctionDecl &Function,
                                                          ASTContext &Ctx) {
  std::unique_ptr<utils::LastUseAnalysis> &A = Analyses[&Function];
  if (!A)
    A = std::make_unique<utils::LastUseAnalysis>(Function, Ctx);
  return *A;
}

void IntrusivePtrMoveCheck::check(const MatchFinder::MatchResult &Result) {
  const auto &Param = *Result.Nodes.getNodeAs<ParmVarDecl>("param");
  const auto &Stripped = *Result.Nodes.getNodeAs<Expr>("argument");
  const auto *Callee = dyn_cast<FunctionDecl>(Param.getDeclContext());
  if (!Callee || !moveOverloadExists(*Callee, Param, *Result.Context))
    return;
  const auto &Function = *Result.Nodes.getNodeAs<FunctionDecl>("function");
  if (const auto *Source = Result.Nodes.getNodeAs<DeclRefExpr>("variable")) {
    // A local variable belongs to the innermost function or lambda around it.
    const auto *Var = dyn_cast<VarDecl>(Source->getDecl());
    const auto *Owner =
        Var ? dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod()) : nullptr;
    if (!Owner || !Owner->doesThisDeclarationHaveABody())
      return;
    utils::LastUseAnalysis &A = analysisOf(*Owner, *Result.Context);
    // The parameter must bind the handle itself, not a converted temporary.
    const Expr *Argument = actualArgument(Stripped, A);
    if (Argument && Argument->isLValue())
      checkVariableCopy(*Source, *Argument, *Callee, *Owner, A, *Result.Context);
  } else if (const auto *Element = Result.Nodes.getNodeAs<Expr>("element")) {
    utils::LastUseAnalysis &A = analysisOf(Function, *Result.Context);
    const Expr *Argument = actualArgument(Stripped, A);
    if (Argument && Argument->isLValue())
      checkElementCopy(*Element, *Result.Nodes.getNodeAs<Expr>("container"), Function, A,
                       *Result.Context);
  }
}

bool IntrusivePtrMoveCheck::isContainerOfHandles(QualType T) const {
  const auto *Record = T->getAsCXXRecordDecl();
  if (!isa_and_nonnull<ClassTemplateSpecializationDecl>(Record))
    return false;
  return llvm::is_contained(ContainerClasses, "::" + Record->getQualifiedNameAsString());
}

void IntrusivePtrMoveCheck::checkVariableCopy(const DeclRefExpr &Source, const Expr &Argument,
                                              const FunctionDecl &Callee, const FunctionDecl &Owner,
                                              utils::LastUseAnalysis &A, ASTContext &Ctx) {
  const auto *Var = cast<VarDecl>(Source.getDecl());
  std::string WhyNot;
  if (!A.isMovableVariable(Source, WhyNot) || isImplicitReturnOperand(Argument, A) ||
      isCaptureInitialiser(Argument, A))
    return;
  if (!A.isLastUse(Source, WhyNot)) {
    // One instantiation (or the template itself) that reads the variable
    // again keeps the copy in the source every instantiation shares.
    Findings.veto(Source.getBeginLoc());
    return;
  }
  if (UpstreamValueParamEnabled && isReportedByUnnecessaryValueParam(*Var, Owner, Ctx))
    return;
  const std::string Cost =
      isContainerOfHandles(Var->getType())
          ? "copying the container: an allocation and an atomic refcount increment and "
            "decrement per element"
          : "an atomic refcount increment and decrement";
  report(Source,
         "'" + Var->getName().str() + "' is copied at its last use; move it to avoid " + Cost,
         Owner, Ctx);
}

void IntrusivePtrMoveCheck::checkElementCopy(const Expr &Element, const Expr &ContainerExpr,
                                             const FunctionDecl &Function,
                                             utils::LastUseAnalysis &A, ASTContext &Ctx) {
  const Expr *Container = &ContainerExpr;
  // A container the check can recognise again in the next statement: a
  // variable or a member of `this` (isSameObject is false for anything else).
  if (Element.getType().isConstQualified() || !isSameObject(*Container, *Container))
    return;

  // The statement that copies, and the one right after it.
  const Stmt *Statement = &Element;
  const Stmt *P = A.parent(Element);
  while (isa_and_nonnull<Expr>(P)) {
    Statement = P;
    P = A.parent(*P);
  }
  if (isa_and_nonnull<DeclStmt>(P)) {
    Statement = P;
    P = A.parent(*P);
  }
  const auto *Block = dyn_cast_or_null<CompoundStmt>(P);
  if (!Block)
    return;
  const auto *It = llvm::find(Block->body(), Statement);
  if (It == Block->body_end() || std::next(It) == Block->body_end() || !isa<Expr>(*std::next(It)))
    return;
  const auto *Removal = dyn_cast<CXXMemberCallExpr>(cast<Expr>(*std::next(It))->IgnoreImplicit());
  if (!Removal || !Removal->getMethodDecl() ||
      !Removal->getMethodDecl()->getDeclName().isIdentifier() ||
      !isSameObject(*Removal->getImplicitObjectArgument(), *Container))
    return;
  const StringRef Removes = Removal->getMethodDecl()->getName();
  const unsigned RemovalArgs = Removal->getNumArgs();

  bool RemovedNext = false;
  const Expr *Index = nullptr;
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(&Element)) {
    const StringRef Accessor = Call->getMethodDecl()->getName();
    if (Accessor == "back")
      RemovedNext = Removes == "pop_back" && RemovalArgs == 0;
    else if (Accessor == "front")
      RemovedNext =
          (Removes == "pop_front" && RemovalArgs == 0) ||
          (Removes == "erase" && RemovalArgs == 1 && isBeginOf(*Removal->getArg(0), *Container));
    else if (Call->getNumArgs() == 1)
      Index = Call->getArg(0);
  } else if (const auto *Subscript = dyn_cast<CXXOperatorCallExpr>(&Element)) {
    Index = Subscript->getArg(1);
  }
  if (Index)
    RemovedNext = Removes == "erase" && RemovalArgs == 1 &&
                  isIteratorTo(*Removal->getArg(0), *Container, *Index);
  if (!RemovedNext)
    return;
  // Nothing else in the copying statement may read the container or change
  // the index: their order of evaluation against the move is unspecified.
  if (countMentions(*Statement, *Container) != 1)
    return;
  if (Index && isa<DeclRefExpr>(Index->IgnoreParenImpCasts()) &&
      countMentions(*Statement, *Index) != 1)
    return;

  const std::string What =
      Element.getBeginLoc().isMacroID() ? "the element" : "'" + sourceText(Element, Ctx) + "'";
  report(Element,
         What + " is copied out of the container and removed right after; move it to avoid "
                "an atomic refcount increment and decrement",
         Function, Ctx);
}

void IntrusivePtrMoveCheck::report(const Expr &Source, std::string Message,
                                   const FunctionDecl &Function, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceRange Range = Source.getSourceRange();
  utils::Finding F{Range.getBegin(), std::move(Message), {}, {}};
  if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID()) {
    F.NoFixReason = "the code is inside a macro expansion";
  } else if (utils::isInTemplateInstantiation(Function)) {
    F.NoFixReason = "the code is in a template instantiation";
  } else {
    F.Fixes = {FixItHint::CreateInsertion(Range.getBegin(), "std::move("),
               FixItHint::CreateInsertion(
                   Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, Ctx.getLangOpts()), ")")};
    F.FixHeader = "<utility>";
    F.FixHeaderFile = SM.getFileID(F.Loc);
  }
  Findings.record(std::move(F));
}

void IntrusivePtrMoveCheck::onEndOfTranslationUnit() {
  Findings.flush(*this, &Inserter);
  Analyses.clear();
}

} // namespace clang::tidy::c10
