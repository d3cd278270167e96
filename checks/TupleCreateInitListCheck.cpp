//===- TupleCreateInitListCheck.cpp - c10-tuple-create-init-list ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `Tuple::create({a, b})` binds the `std::initializer_list<IValue>` overload:
// the list's backing array holds a copy of `a` and `b`, its elements are
// const, and the tuple copies them a second time into its own storage. The
// 1/2/3-argument overloads take the elements by value and move them in, so
//   Tuple::create({a, b})  ->  Tuple::create(a, b)
// saves one copy per element (an atomic increment and decrement for a tensor,
// string or tuple), and `std::move(a)` saves the other where `a` is a local
// at its certain last use. `std::vector<IValue>{a, b}` passed to `create`
// costs the same copies plus a heap allocation.
//
// The rewrite must pick the 1/2/3-argument overload and initialise every
// element as the list did; the check withholds the fix-it where it cannot be
// sure (braced elements, conversion operators, explicit IValue constructors,
// element types that match another `create` overload).
//
//===----------------------------------------------------------------------===//

#include "TupleCreateInitListCheck.h"
#include "utils/ArgumentParameters.h"
#include "utils/BorrowSafety.h"
#include "utils/ClassNameListOption.h"
#include "utils/DeclNames.h"
#include "utils/OwnershipSinks.h"
#include "utils/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include <optional>

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

namespace {

/// The most elements for which `Tuple` has an overload taking them one by one.
constexpr unsigned MaxDirectElements = 3;

/// The list argument of a `create`/`createNamed` call.
struct ListArgument {
  const Expr *Arg = nullptr;          ///< As written: `{a, b}` or `std::vector<IValue>{a, b}`.
  const InitListExpr *List = nullptr; ///< The semantic form: one IValue initialisation per element.
  QualType ElementType;               ///< IValue, unqualified.
  bool IsVector = false;              ///< A `std::vector<IValue>` temporary spelled out.
};

const CXXStdInitializerListExpr *asStdInitializerList(const Expr *E) {
  return dyn_cast<CXXStdInitializerListExpr>(E->IgnoreImplicit());
}

/// `{...}` bound to std::initializer_list, or a std::vector temporary made
/// from one by its initializer_list constructor.
std::optional<ListArgument> listArgument(const Expr &Arg) {
  ListArgument L;
  L.Arg = &Arg;
  const Expr *E = Arg.IgnoreImplicit();
  const CXXStdInitializerListExpr *StdList = asStdInitializerList(E);
  if (!StdList) {
    bool Spelled = false;
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = Cast->getSubExpr()->IgnoreImplicit();
      Spelled = true;
    }
    const auto *Construct = dyn_cast<CXXConstructExpr>(E);
    if (!Construct || Construct->getNumArgs() == 0)
      return std::nullopt;
    Spelled = Spelled || isa<CXXTemporaryObjectExpr>(Construct);
    const CXXRecordDecl *Vector = Construct->getConstructor()->getParent();
    if (!Vector->isInStdNamespace() || !utils::isNamed(Vector, "vector"))
      return std::nullopt;
    for (unsigned I = 1; I < Construct->getNumArgs(); ++I)
      if (!isa<CXXDefaultArgExpr>(Construct->getArg(I)))
        return std::nullopt;
    StdList = asStdInitializerList(Construct->getArg(0));
    if (!StdList)
      return std::nullopt;
    L.IsVector = Spelled;
  }
  const auto *List = dyn_cast<InitListExpr>(StdList->getSubExpr()->IgnoreImplicit());
  if (!List || List->getNumInits() == 0)
    return std::nullopt;
  L.List = List->isSemanticForm() ? List : List->getSemanticForm();
  if (!L.List)
    return std::nullopt;
  const auto *Array = L.List->getType()->getAsArrayTypeUnsafe();
  if (!Array)
    return std::nullopt;
  L.ElementType = Array->getElementType().getUnqualifiedType();
  return L;
}

bool sameType(QualType A, QualType B) {
  return A.getNonReferenceType().getCanonicalType().getUnqualifiedType() ==
         B.getNonReferenceType().getCanonicalType().getUnqualifiedType();
}

/// One element of the list and how it initialises its IValue.
struct Element {
  const Expr *Init = nullptr;    ///< The IValue initialisation in the list.
  const Expr *Written = nullptr; ///< The expression as written, conversions stripped.
  bool ViaConversionOperator = false;
  bool Braced = false;
};

Element analyseElement(const Expr &Init, const SourceManager &SM) {
  Element El;
  El.Init = &Init;
  const Expr *E = &Init;
  for (;;) {
    E = E->IgnoreImplicit();
    const auto *Construct = dyn_cast<CXXConstructExpr>(E);
    // An implicit construction (no parentheses or braces of its own).
    if (Construct && !isa<CXXTemporaryObjectExpr>(Construct) && Construct->getNumArgs() >= 1 &&
        !Construct->isListInitialization() && Construct->getParenOrBraceRange().isInvalid()) {
      E = Construct->getArg(0);
      continue;
    }
    const auto *Conversion = dyn_cast<CXXMemberCallExpr>(E);
    if (Conversion && isa_and_nonnull<CXXConversionDecl>(Conversion->getMethodDecl()) &&
        Conversion->getExprLoc() == Conversion->getImplicitObjectArgument()->getExprLoc()) {
      El.ViaConversionOperator = true;
      E = Conversion->getImplicitObjectArgument();
      continue;
    }
    break;
  }
  El.Written = E;
  SourceLocation Begin = Init.getBeginLoc();
  El.Braced = isa<InitListExpr>(E) ||
              (Begin.isFileID() && *SM.getCharacterData(Begin) == '{');
  return El;
}

/// Whether copying the element is cheap anyway: an IValue made from a number,
/// a bool, an enum, or nothing. Lists of only these are not worth a rewrite by
/// hand into a std::vector.
bool isCheapScalar(const Element &El) {
  const Expr *E = El.Written->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    E = Cast->getSubExpr()->IgnoreImplicit();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
      Construct && !Construct->getConstructor()->isCopyOrMoveConstructor()) {
    if (Construct->getNumArgs() == 0)
      return true;
    E = Construct->getArg(0)->IgnoreParenImpCasts();
  }
  QualType T = E->getType();
  return T->isArithmeticType() || T->isEnumeralType() || T->isNullPtrType();
}

/// Whether \p Tuple has a non-template `create` taking \p N values of \p Element.
bool hasDirectOverload(const CXXRecordDecl &Tuple, unsigned N, QualType Element) {
  return llvm::any_of(Tuple.methods(), [&](const CXXMethodDecl *M) {
    return utils::isNamed(M, "create") && M->isStatic() && M->getNumParams() == N &&
           llvm::all_of(M->parameters(), [&](const ParmVarDecl *P) {
             return !P->getType()->isReferenceType() && sameType(P->getType(), Element);
           });
  });
}

/// Another non-template `create` with as many parameters that the written
/// elements match exactly. Compilers differ on whether `create({v})` with a
/// std::vector<IValue> `v` binds the initializer_list (clang 22) or the vector
/// overload (clang 19); as an argument, `v` always binds the latter and makes
/// a tuple of its elements instead of a one-element tuple.
bool matchesOtherOverload(const CXXRecordDecl &Tuple, ArrayRef<Element> Elements,
                          QualType ElementType) {
  return llvm::any_of(Tuple.methods(), [&](const CXXMethodDecl *M) {
    if (!utils::isNamed(M, "create") || M->getNumParams() != Elements.size())
      return false;
    bool AnyOther = false;
    for (unsigned I = 0; I < Elements.size(); ++I) {
      QualType P = M->getParamDecl(I)->getType();
      if (sameType(P, ElementType))
        continue;
      if (!sameType(P, Elements[I].Written->getType()))
        return false;
      AnyOther = true;
    }
    return AnyOther;
  });
}

/// Whether \p Tuple has `template <typename... Args> create(Args&&...)`, which
/// takes an element of any type exactly and converts it to an IValue itself.
bool hasVariadicCreate(const CXXRecordDecl &Tuple) {
  return llvm::any_of(Tuple.decls(), [](const Decl *D) {
    const auto *T = dyn_cast<FunctionTemplateDecl>(D);
    return T && utils::isNamed(T, "create") &&
           llvm::any_of(T->getTemplatedDecl()->parameters(),
                        [](const ParmVarDecl *P) { return P->isParameterPack(); });
  });
}

/// Whether an explicit IValue constructor could take \p From: the variadic
/// `create` template direct-initialises each IValue, which considers
/// explicit constructors that the list's copy-initialisation did not.
bool explicitConstructorMayApply(const CXXRecordDecl &IValue, QualType From) {
  From = From.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  const auto *FromRecord = From->getAsCXXRecordDecl();
  for (const CXXConstructorDecl *Ctor : IValue.ctors()) {
    if (!Ctor->isExplicit() || Ctor->isCopyOrMoveConstructor() || Ctor->getNumParams() == 0 ||
        Ctor->getMinRequiredArguments() > 1)
      continue;
    QualType P = Ctor->getParamDecl(0)->getType().getNonReferenceType().getCanonicalType();
    const auto *PRecord = P->getAsCXXRecordDecl();
    if (!PRecord && !FromRecord)
      return true;
    if (PRecord && FromRecord &&
        (PRecord->getCanonicalDecl() == FromRecord->getCanonicalDecl() ||
         (FromRecord->hasDefinition() && FromRecord->isDerivedFrom(PRecord))))
      return true;
  }
  for (const Decl *D : IValue.decls())
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
      if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(T->getTemplatedDecl());
          Ctor && Ctor->isExplicit())
        return true; // What it accepts is unknown without instantiating it.
  return false;
}

/// Whether moving from a variable of type \p T can save anything and compiles.
bool isMovableOwner(QualType T) {
  const auto *Record = T->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition() || Record->isTriviallyCopyable() ||
      !Record->hasMoveConstructor())
    return false;
  for (const CXXConstructorDecl *Ctor : Record->ctors())
    if (Ctor->isMoveConstructor() && (Ctor->isDeleted() || Ctor->getAccess() != AS_public))
      return false;
  return true;
}

/// Whether the IValue initialisation of \p El would take the element over if
/// it were an rvalue: `IValue(const List<T>&)` has a `List<T>&&` sibling that
/// steals the list although c10::List has no move constructor. The same
/// question c10-intrusive-ptr-move asks of an argument, so that both checks
/// agree on which elements the rewrite moves.
bool ivalueTakesOver(const Element &El, utils::OwnershipSinks &Sinks) {
  const Expr *E = El.Init;
  while (const auto *Construct = dyn_cast<CXXConstructExpr>(E->IgnoreImplicit())) {
    if (Construct->getNumArgs() == 0)
      return false;
    const Expr *Arg = Construct->getArg(0);
    if (Arg->IgnoreImplicit() != El.Written) {
      E = Arg;
      continue;
    }
    utils::ParameterBinding B = utils::parameterBoundTo(*Construct, *Arg);
    return B.Param && B.Param->getType()->isLValueReferenceType() &&
           Sinks.takesRvalueOver(*B.Callee, *B.Param);
  }
  return false;
}

/// Whether the element \p El, a variable named directly, is that variable's
/// last use, decided by the analysis c10-intrusive-ptr-move and the ownership
/// decision share (utils/LastUse: on the CFG, no alias, no later loop
/// iteration), so that `std::move` cannot change the program, and whether
/// moving it saves a copy.
bool isCertainLastUse(const Element &El, utils::LastUseAnalysis &A, utils::OwnershipSinks &Sinks) {
  const auto *Ref = dyn_cast<DeclRefExpr>(El.Written->IgnoreParens());
  std::string WhyNot;
  if (!Ref || !A.isMovableVariable(*Ref, WhyNot))
    return false;
  return (isMovableOwner(Ref->getDecl()->getType()) || ivalueTakesOver(El, Sinks)) &&
         A.isLastUse(*Ref, WhyNot);
}

std::string argumentText(const ListArgument &L) {
  return L.IsVector ? "a temporary std::vector<IValue>" : "a braced list";
}

} // namespace

TupleCreateInitListCheck::TupleCreateInitListCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RawTupleClasses(Options.get("TupleClasses", "::c10::ivalue::Tuple")),
      Inserter(Options.getLocalOrGlobal("IncludeStyle", tidy::utils::IncludeSorter::IS_LLVM),
               areDiagsSelfContained()),
      Files(*Context) {
  TupleClasses = utils::parseClassNameListOption(*this, Name, "TupleClasses", RawTupleClasses,
                                                 "::c10::ivalue::Tuple");
}

void TupleCreateInitListCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "TupleClasses", RawTupleClasses);
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
}

void TupleCreateInitListCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                                   Preprocessor *) {
  Inserter.registerPreprocessor(PP);
}

void TupleCreateInitListCheck::registerMatchers(MatchFinder *Finder) {
  if (TupleClasses.empty())
    return;
  // By declaration, so every spelling (aliases, using-declarations, a call
  // through an object) matches; the list argument is examined in check().
  auto CreateCall = callExpr(callee(cxxMethodDecl(
      hasAnyName("create", "createNamed"), isStaticStorageClass(),
      ofClass(cxxRecordDecl(hasAnyName(utils::asStringRefs(TupleClasses)))))));
  Reported.addMatcher(*Finder,
                      stmt(CreateCall.bind("call"),
                           utils::forEachEnclosingFunction(utils::reportedFunctionBody(Files))),
                      this);
  // A function of the user's whose one statement hands its one
  // std::initializer_list parameter to `create`: a braced list given to it
  // is copied out of the const list the same way.
  auto ListParam =
      parmVarDecl(hasType(hasUnqualifiedDesugaredType(recordType(hasDeclaration(
                      classTemplateSpecializationDecl(hasName("::std::initializer_list")))))))
          .bind("list-param");
  // The parameter, or the copy of it the by-value `create` parameter takes.
  auto ParamRef = declRefExpr(to(varDecl(equalsBoundNode("list-param"))));
  auto Wrapper = functionDecl(
      parameterCountIs(1), hasParameter(0, ListParam),
      hasBody(compoundStmt(statementCountIs(1),
                           has(returnStmt(hasDescendant(callExpr(
                               CreateCall, argumentCountIs(1),
                               hasArgument(0, ignoringImplicit(anyOf(
                                                  ParamRef, cxxConstructExpr(hasArgument(
                                                                0, ignoringImplicit(ParamRef)))))))))))));
  Reported.addMatcher(*Finder,
                      stmt(callExpr(argumentCountIs(1), callee(Wrapper.bind("wrapper")))
                               .bind("wrapper-call"),
                           utils::forEachEnclosingFunction(utils::reportedFunctionBody(Files))),
                      this);
}

void TupleCreateInitListCheck::checkWrapperCall(const CallExpr &Call, const FunctionDecl &Wrapper,
                                                const SourceManager &SM) {
  std::optional<ListArgument> L = listArgument(*Call.getArg(0));
  if (!L || L->IsVector)
    return;
  std::vector<Element> Elements;
  for (const Expr *Init : L->List->inits())
    Elements.push_back(analyseElement(*Init, SM));
  // Copying an IValue that holds a number saves nothing worth a new overload.
  if (llvm::all_of(Elements, isCheapScalar))
    return;
  const std::string Name = "'" + Wrapper.getNameAsString() + "'";
  const unsigned N = L->List->getNumInits();
  utils::Finding F;
  F.Loc = L->Arg->getBeginLoc();
  F.Message = Name + " hands its std::initializer_list to 'Tuple::create', which copies " +
              (N == 1 ? std::string("the element") : "each of the " + std::to_string(N) +
                                                        " elements") +
              " out of the const list; pass the elements as arguments to a variadic " + Name +
              " that forwards them to 'Tuple::create'";
  F.NoFixReason = Name + " and every call of it change together: add `template <typename... T> " +
                  "auto " + Wrapper.getNameAsString() +
                  "(T&&... xs)` returning `Tuple::create(std::forward<T>(xs)...)` and drop the "
                  "braces here";
  Findings.record(std::move(F));
}

void TupleCreateInitListCheck::check(const MatchFinder::MatchResult &Result) {
  if (const auto *WrapperCall = Result.Nodes.getNodeAs<CallExpr>("wrapper-call")) {
    checkWrapperCall(*WrapperCall, *Result.Nodes.getNodeAs<FunctionDecl>("wrapper"),
                     Result.Context->getSourceManager());
    return;
  }
  const auto &Call = *Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call.getDirectCallee());
  const bool Named = Method && utils::isNamed(Method, "createNamed");
  if (!Method || Call.getNumArgs() != (Named ? 2u : 1u))
    return;
  std::optional<ListArgument> L = listArgument(*Call.getArg(0));
  if (!L)
    return;
  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = Ctx.getSourceManager();
  const CXXRecordDecl &Tuple = *Method->getParent();
  const unsigned N = L->List->getNumInits();

  std::vector<Element> Elements;
  for (const Expr *Init : L->List->inits())
    Elements.push_back(analyseElement(*Init, SM));

  utils::Finding F;
  F.Loc = L->Arg->getBeginLoc();
  F.FixHeaderFile = SM.getFileID(SM.getExpansionLoc(F.Loc));
  const std::string Qualified = (Tuple.getName() + "::" + Method->getName()).str();
  if (Named || N > MaxDirectElements) {
    // Copying an IValue that holds a number is a 16-byte copy; rewriting such
    // a list into a std::vector by hand would not pay.
    if (llvm::all_of(Elements, isCheapScalar))
      return;
    F.Message = "'" + Qualified + "' with " + argumentText(*L) + " copies each of its " +
                std::to_string(N) + " elements out of a const std::initializer_list";
    if (Named && N <= MaxDirectElements)
      F.Message += ", and 'createNamed' has no overload taking the elements as arguments";
    F.Message += "; build a std::vector<IValue> with reserve() and "
                 "emplace_back(std::move(...)) and pass it with std::move";
    Findings.record(std::move(F));
    return;
  }

  F.Message = "'" + Qualified + "' with " + argumentText(*L) + " copies each element out of " +
              (L->IsVector ? "its initializer list and allocates the vector"
                           : "a const std::initializer_list") +
              "; pass the " + (N == 1 ? std::string("element") : std::to_string(N) + " elements") +
              " as arguments to the " + std::to_string(N) + "-argument overload instead";

  const auto &Function = *Result.Nodes.getNodeAs<FunctionDecl>("function");
  const auto &Body = *Result.Nodes.getNodeAs<Stmt>("body");
  const utils::LocalParents *Parents = &Unit.get(*Result.Context).parents(Body);
  // The matcher also descends into the instantiations of a generic lambda's
  // call operator, which are not part of this body: they are matched again
  // as functions of their own, where they are known to be instantiations.
  if (!Parents->parent(Call))
    return;
  const auto *IValue = L->ElementType->getAsCXXRecordDecl();
  auto noFix = [&](std::string Reason) {
    F.NoFixReason = std::move(Reason);
    Findings.record(std::move(F));
  };
  // As arguments, the elements select the N-value overload, or the variadic
  // template that converts them and forwards to it.
  const std::string ElementName =
      L->ElementType.getCanonicalType().getAsString(Ctx.getPrintingPolicy());
  if (!IValue || !hasDirectOverload(Tuple, N, L->ElementType))
    return noFix("'" + Tuple.getName().str() + "' has no 'create' overload taking " +
                 std::to_string(N) + " '" + ElementName + "' values");
  for (unsigned I = 0; I < N; ++I) {
    const Element &El = Elements[I];
    std::string Which = "element " + std::to_string(I + 1);
    if (El.Braced)
      return noFix(Which + " is a braced initializer, which would not initialize an IValue "
                           "the same way as an argument");
    if (El.ViaConversionOperator)
      return noFix(Which + " becomes an IValue through a conversion operator");
    if (!sameType(El.Written->getType(), L->ElementType) &&
        explicitConstructorMayApply(*IValue, El.Written->getType()))
      return noFix((Which + " could select an explicit constructor of '")
                       .append(ElementName)
                       .append("' when passed as an argument"));
  }
  if (matchesOtherOverload(Tuple, Elements, L->ElementType))
    return noFix("as an argument, the element would select another 'create' overload");
  // Without the variadic template, an element of another type is converted
  // by overload resolution among the one-parameter overloads, which the list
  // did not go through.
  if (N == 1 && !sameType(Elements[0].Written->getType(), L->ElementType) &&
      !hasVariadicCreate(Tuple))
    return noFix("element 1 is not a '" + ElementName + "' and '" + Tuple.getName().str() +
                 "' has no variadic 'create' to convert it");
  if (utils::isInTemplateInstantiation(Function))
    return noFix("the code is in a template instantiation");
  if (utils::isInMacro({Call.getBeginLoc(), Call.getEndLoc(), L->Arg->getBeginLoc(),
                        L->Arg->getEndLoc()}) ||
      llvm::any_of(Elements, [](const Element &El) {
        return utils::isInMacro({El.Init->getBeginLoc(), El.Init->getEndLoc()});
      }))
    return noFix("the code is inside a macro expansion");

  const LangOptions &LO = Ctx.getLangOpts();
  auto endOf = [&](SourceLocation L) { return Lexer::getLocForEndOfToken(L, 0, SM, LO); };
  // Only the braces (and a spelled-out vector type) go: comments and the
  // layout of the elements stay as they were.
  F.Fixes.push_back(FixItHint::CreateRemoval(
      CharSourceRange::getTokenRange(L->Arg->getBeginLoc(), L->List->getLBraceLoc())));
  for (const Element &El : Elements) {
    const auto *Ref = dyn_cast<DeclRefExpr>(El.Written->IgnoreParens());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    const auto *Owner =
        Var ? dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod()) : nullptr;
    if (!Owner || !Owner->hasBody() ||
        !isCertainLastUse(El, Unit.get(Ctx).lastUse(*Owner), Unit.get(Ctx).sinks()))
      continue;
    F.Fixes.push_back(FixItHint::CreateInsertion(El.Written->getBeginLoc(), "std::move("));
    F.Fixes.push_back(FixItHint::CreateInsertion(endOf(El.Written->getEndLoc()), ")"));
    F.FixHeader = "<utility>";
  }
  if (std::optional<Token> Next =
          Lexer::findNextToken(Elements.back().Init->getEndLoc(), SM, LO);
      Next && Next->is(tok::comma))
    F.Fixes.push_back(
        FixItHint::CreateRemoval(CharSourceRange::getTokenRange(Next->getLocation())));
  F.Fixes.push_back(FixItHint::CreateRemoval(
      CharSourceRange::getTokenRange(L->List->getRBraceLoc(), L->Arg->getEndLoc())));
  Findings.record(std::move(F));
}

void TupleCreateInitListCheck::onEndOfTranslationUnit() {
  Findings.flush(*this, &Inserter);
  Unit.release();
}

} // namespace clang::tidy::c10
