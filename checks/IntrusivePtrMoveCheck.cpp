//===- IntrusivePtrMoveCheck.cpp - c10-intrusive-ptr-move -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Copying a c10 handle bumps a shared atomic refcount, and the copy's death
// drops it again; when the source is never read afterwards, std::move hands
// the reference over with two plain stores instead.
//
// A candidate is an argument that binds an lvalue reference parameter that
// would take an rvalue over (utils/OwnershipSinks: a `T&&` twin, a move
// constructor, or a forwarding `Args&&...` that ends in one) and names a
// handle (or a std::vector of handles):
//   - a local variable or by-value parameter at its last use (utils/LastUse:
//     decided on the CFG), reported when the shared ownership decision
//     (utils/OwnershipDecision) advises a move rather than a borrow; a
//     structured binding too, when it names a part of the hidden object only
//     it names (`auto [out, idx] = f(x);`);
//   - a container element (back(), front(), [i], at(i)) that the very next
//     statement removes, moved into an object that is provably not the
//     container (`out.push_back(stack.back())` with `out` a second name of
//     `stack` would leave the moved-from element on top);
//   - an element of a local container that is not read again: at a constant
//     index that later code does not read, or at the counter of the loop
//     around it (utils/LastUse: isLastReadOfElement), unless another check
//     borrows the container; `std::get<K>(t)` of a local tuple, pair or
//     array is such an element at the constant index K (a pair's `p.first`
//     and `p.second` at 0 and 1), and `*o` or `o.value()` of a local
//     optional its only element;
//   - an element of a container that is a temporary of the full-expression
//     (`return Fn::apply(x)[0];`): nothing else names it, and it is
//     destroyed with the moved-from element right after.
// The argument may also be `x.toTensor()`, an accessor whose `&&` twin
// hands the value over (utils/OwnershipSinks): the rewrite is then
// `std::move(x).toTensor()`, and `x` is what must not be read again.
//
//===----------------------------------------------------------------------===//

#include "IntrusivePtrMoveCheck.h"
#include "utils/AliasWrites.h"
#include "utils/ArgumentParameters.h"
#include "utils/BorrowSafety.h"
#include "utils/ClassNameListOption.h"
#include "utils/DeclNames.h"
#include "utils/ReferenceEscape.h"
#include "utils/RvalueParameterCallers.h"
#include "utils/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

namespace {

namespace matchers {
/// A method whose `&&` twin hands its value over (OwnershipSinks): tried
/// before the object, which is dearer to match.
AST_MATCHER(CXXMethodDecl, hasMovingRvalueTwin) {
  return utils::OwnershipSinks::hasMovingRvalueTwin(Node, Finder->getASTContext());
}
/// The variable a range-for loop declares (`t` of `for (auto& t : outs)`).
AST_MATCHER(VarDecl, isRangeForVariable) { return Node.isCXXForRangeDecl(); }
} // namespace matchers

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

/// The container an element access (`c[i]`, `c.at(i)`, `c.back()`,
/// `std::get<K>(c)`, a pair's `c.first`, an optional's `*c` or `c.value()`)
/// reads, as written, before any implicit node is stripped.
const Expr &elementObject(const Expr &Element) {
  if (const auto *Field = dyn_cast<MemberExpr>(&Element))
    return *Field->getBase();
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(&Element))
    return *Member->getImplicitObjectArgument();
  return *cast<CallExpr>(Element).getArg(0);
}

/// Whether \p Element is `c[i]`, `c.at(i)`, `c.front()` or `c.back()` of a
/// sequence container (not a tuple's or an optional's element).
bool isSequenceElement(const Expr &Element) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(&Element))
    return Op->getOperator() == OO_Subscript;
  const auto *Member = dyn_cast<CXXMemberCallExpr>(&Element);
  const CXXMethodDecl *Method = Member ? Member->getMethodDecl() : nullptr;
  return Method && (utils::isNamed(Method, "at") || utils::isNamed(Method, "front") ||
                    utils::isNamed(Method, "back"));
}

/// Whether the temporary container \p Temporary is made by a function of
/// c10 (`t->elements().vec()`, `v.toTensorVector()`): a copy that
/// c10-tuple-elements-copy or c10-ivalue-vector-copy advises not to make at
/// all, a larger saving than moving one element out of it (one finding per
/// saving; the two rewrites together would move from a const element).
bool madeByC10Copy(const Expr &Temporary) {
  const Expr *Made = Temporary.IgnoreImplicit()->IgnoreParens()->IgnoreImplicit();
  const auto *Call = dyn_cast<CallExpr>(Made);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee)
    return false;
  // The outermost namespace around the callee (or its class).
  const NamespaceDecl *Outermost = nullptr;
  for (const DeclContext *Scope = Callee->getDeclContext(); Scope; Scope = Scope->getParent())
    if (const auto *Namespace = dyn_cast<NamespaceDecl>(Scope))
      Outermost = Namespace;
  return Outermost && utils::isNamed(Outermost, "c10");
}

/// What copying a handle, or a container of handles \p Nesting deep, costs.
std::string copyCost(unsigned Nesting) {
  if (Nesting > 1)
    return "copying the containers: an allocation per container and an atomic refcount "
           "increment and decrement per handle in them";
  if (Nesting == 1)
    return "copying the container: an allocation and an atomic refcount increment and "
           "decrement per element";
  return "an atomic refcount increment and decrement";
}

/// What copying a variable of type \p T costs, in words: a tuple copies
/// each handle in it, an optional what it holds.
std::string copyCostOf(QualType T, const utils::OwnershipAnalysis &A) {
  if (A.isTupleOfHandles(T))
    return "copying the handles in it: an atomic refcount increment and decrement each";
  if (A.isOptionalHandle(T))
    return copyCost(A.containerNesting(utils::optionalObjectType(T)));
  return copyCost(A.containerNesting(T));
}

/// Whether \p Argument, a container \p Var at its last use, is converted into
/// an IValue or a c10::List (`inputs.push_back(images)` with a
/// std::vector<at::Tensor>), which builds its own list from the elements:
/// the conversion allocates whether the container is moved or not.
bool convertsContainer(const Expr &Argument, const ValueDecl &Var,
                       const utils::LastUseAnalysis &L, const utils::OwnershipAnalysis &A) {
  if (A.containerNesting(Var.getType().getNonReferenceType()) == 0)
    return false;
  const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(L.parent(Argument));
  if (!Construct || !Construct->getConstructor() ||
      Construct->getConstructor()->isCopyOrMoveConstructor())
    return false;
  const CXXRecordDecl *Made = Construct->getConstructor()->getParent();
  return utils::isInTopLevelNamespace(*Made, "c10") &&
         (utils::isNamed(Made, "IValue") || utils::isNamed(Made, "List"));
}

/// What moving a container into a conversion saves: the handles' refcounts,
/// not the allocation.
std::string conversionCost(const ValueDecl &Var, const utils::OwnershipAnalysis &A) {
  return std::string(A.containerNesting(Var.getType().getNonReferenceType()) > 1
                         ? "an atomic refcount increment and decrement per handle in the "
                           "containers"
                         : "an atomic refcount increment and decrement per element") +
         " (the conversion builds its own container either way)";
}

/// `toTensor()` as the message quotes it.
std::string accessorName(const CXXMemberCallExpr &Accessor) {
  return Accessor.getMethodDecl()->getNameAsString() + "()";
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
         utils::isNamed(Call->getMethodDecl(), "begin") && Call->getNumArgs() == 0 &&
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

/// Whether \p Call (a call or construction) may run user code: a user
/// function or constructor, a call chosen at run time, or a library template
/// instantiated for a user class (`make_intrusive<UserT>`, which runs
/// UserT's constructor).
bool runsUserCode(const Expr &Call, const ASTContext &Ctx) {
  const FunctionDecl *Callee = nullptr;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(&Call))
    Callee = Construct->getConstructor();
  else if (const auto *C = dyn_cast<CallExpr>(&Call))
    Callee = C->getDirectCallee();
  if (!Callee || utils::isIndirectCall(Callee, Call, Ctx) || !utils::isLibraryCode(*Callee, Ctx))
    return true;
  auto isUserType = [&](QualType T) {
    const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
    return Record && !utils::isLibraryCode(*Record, Ctx);
  };
  if (const TemplateArgumentList *Args = Callee->getTemplateSpecializationArgs())
    for (const TemplateArgument &Arg : Args->asArray())
      if (Arg.getKind() == TemplateArgument::Type && isUserType(Arg.getAsType()))
        return true;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee))
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Method->getParent()))
      for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
        if (Arg.getKind() == TemplateArgument::Type && isUserType(Arg.getAsType()))
          return true;
  return false;
}

/// The variable \p Container names: the container itself, or an optional
/// whose value it is (`*o`, `o.value()`, `o->`), which owns it.
const DeclRefExpr *containerVariable(const Expr &Container) {
  const Expr *E = Container.IgnoreParenImpCasts();
  const Expr *Holder = nullptr;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getNumArgs() == 1 &&
      (Op->getOperator() == OO_Star || Op->getOperator() == OO_Arrow))
    Holder = Op->getArg(0);
  else if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E);
           Call && Call->getNumArgs() == 0 && utils::isNamed(Call->getMethodDecl(), "value"))
    Holder = Call->getImplicitObjectArgument();
  if (Holder && !utils::optionalObjectType(Holder->getType()).isNull())
    E = Holder->IgnoreParenImpCasts();
  return dyn_cast<DeclRefExpr>(E);
}

/// A by-value local container that nothing else can name: no reference,
/// pointer or by-reference capture of it is taken anywhere in the function.
bool isUnaliasedLocal(const Expr &Container, utils::LastUseAnalysis &A, ASTContext &Ctx) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Container.IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->hasLocalStorage() || Var->getType()->isReferenceType() ||
      Ref->refersToEnclosingVariableOrCapture())
    return false;
  return llvm::none_of(A.usesOf(*Var), [&](const DeclRefExpr *Use) {
    return Use->refersToEnclosingVariableOrCapture() ||
           utils::referenceMayEscape(*Use, [&](const Stmt &S) { return A.parent(S); }, Ctx);
  });
}

/// Whether a call of \p Statement (outside \p Element, the element handed
/// over) may change \p Container: a function chosen at run time, or an
/// object it is given to change (`out` of `out.push_back(stack.back())`)
/// that may be the container under another name -- a second reference
/// parameter of the same type (`step(s, s)`), a reference or pointer bound
/// to it. Only what is provably another object is not: a by-value local
/// other than the container, or a member or element of one, or another
/// field of the `*this` the container is a field of (utils/AliasWrites).
bool mayChangeContainer(const Stmt &Statement, const Expr &Element, const Expr &Container,
                        ASTContext &Ctx) {
  utils::BorrowedStorage Storage;
  Storage.addType(Container.getType());
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Container.IgnoreParenImpCasts()))
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      Storage.OnPath.insert(Var);
  // Whether S is the element, or made from it (a conversion, a copy).
  std::function<bool(const Stmt &)> Contains = [&](const Stmt &S) {
    if (&S == &Element)
      return true;
    return llvm::any_of(S.children(), [&](const Stmt *C) { return C && Contains(*C); });
  };
  std::function<bool(const Stmt &)> Visit = [&](const Stmt &S) -> bool {
    if (&S == &Element)
      return false;
    for (const Stmt *Child : S.children())
      if (Child && Visit(*Child))
        return true;
    const FunctionDecl *Callee = nullptr;
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(&S))
      Callee = Construct->getConstructor();
    else if (const auto *Call = dyn_cast<CallExpr>(&S)) {
      Callee = Call->getDirectCallee();
      if (!Callee)
        return true;
    } else {
      return false;
    }
    if (!Callee)
      return true;
    for (const Expr *Arg : utils::writableArguments(cast<Expr>(S), *Callee))
      if (!Contains(*Arg) && !utils::areDistinctFieldsOfThis(*Arg, Container) &&
          utils::mayReachStorage(*Arg, Storage, Ctx))
        return true;
    return false;
  };
  return Visit(Statement);
}

} // namespace

IntrusivePtrMoveCheck::IntrusivePtrMoveCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RawHandleClasses(Options.get("HandleClasses", utils::DefaultMoveClasses)),
      RawContainerClasses(Options.get("ContainerClasses", utils::DefaultContainerClasses)),
      UpstreamRvalueParamEnabled(
          Context->isCheckEnabled("cppcoreguidelines-rvalue-reference-param-not-moved")),
      Config(utils::OwnershipConfig::read(*Context)), Files(*Context),
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
  // A container of handles, or of such containers (nested as deep as
  // utils::OwnershipAnalysis::kMaxContainerNesting).
  auto containerOf = [&](const internal::Matcher<QualType> &Element) {
    return qualType(hasUnqualifiedDesugaredType(recordType(hasDeclaration(
        classTemplateSpecializationDecl(hasAnyName(utils::asStringRefs(ContainerClasses)),
                                        hasTemplateArgument(0, refersToType(Element)))))));
  };
  internal::Matcher<QualType> Nested = HandleType;
  internal::Matcher<QualType> ContainerType = containerOf(Nested);
  for (unsigned Depth = 1; Depth < utils::OwnershipAnalysis::kMaxContainerNesting; ++Depth) {
    Nested = qualType(anyOf(HandleType, containerOf(Nested)));
    ContainerType = containerOf(Nested);
  }

  // A variable that holds a handle or a vector of them, or a tuple, pair or
  // optional of such (which ones is decided in check(): the matcher cannot
  // look into std::tuple's parameter pack), or a structured binding that
  // names one (`auto [out, idx] = f(x);`). A parameter `T&& p` too: the
  // caller handed the object over.
  auto Held = qualType(anyOf(HandleType, ContainerType));
  auto HeldOrTuple = qualType(anyOf(
      Held, qualType(hasUnqualifiedDesugaredType(recordType(
                hasDeclaration(classTemplateSpecializationDecl(hasAnyName(
                    "::std::tuple", "::std::pair", "::std::optional", "::c10::optional"))))))));
  // Or the reference a range-for loop binds to each element of a container
  // (`for (auto& t : outs)`).
  auto Variable =
      declRefExpr(to(decl(anyOf(varDecl(anyOf(hasType(HeldOrTuple),
                                              parmVarDecl(hasType(
                                                  rValueReferenceType(pointee(Held)))),
                                              varDecl(matchers::isRangeForVariable(),
                                                      hasType(lValueReferenceType(
                                                          pointee(Held)))))),
                                bindingDecl(hasType(HeldOrTuple))))))
          .bind("variable");
  // An element of such a vector: v.back(), v.front(), v.at(i), v[i]. A
  // TupleElements (a copy of a tuple's elements) holds IValues the same way.
  auto ElementHolder =
      llvm::is_contained(HandleClasses, "::c10::IValue")
          ? qualType(anyOf(ContainerType,
                           qualType(hasUnqualifiedDesugaredType(recordType(hasDeclaration(
                               cxxRecordDecl(hasName("::c10::ivalue::TupleElements"))))))))
          : ContainerType;
  auto Container = expr(hasType(ElementHolder)).bind("container");
  auto optionalOf = [](const internal::Matcher<QualType> &Value) {
    return expr(hasType(qualType(hasUnqualifiedDesugaredType(recordType(
                    hasDeclaration(classTemplateSpecializationDecl(
                        hasAnyName("::std::optional", "::c10::optional"),
                        hasTemplateArgument(0, refersToType(Value)))))))))
        .bind("container");
  };
  // Or the value of an optional handle (`*bias`, `bias.value()`): one
  // element, at index 0.
  auto Optional = optionalOf(HandleType);
  // Or `std::get<K>(t)` of a tuple, pair or array, or a pair's `p.first` or
  // `p.second`, when that element holds a handle (or a vector of them): its
  // elements are distinct objects.
  auto tupleOf = [](auto... Names) {
    return expr(hasType(qualType(hasUnqualifiedDesugaredType(recordType(
                    hasDeclaration(classTemplateSpecializationDecl(hasAnyName(Names...))))))))
        .bind("container");
  };
  // Or the container an optional holds, reached through `->` (`o->at(i)`);
  // `(*o)[i]` and `o.value().at(i)` are elements of the container `*o`.
  auto OptionalHoldingContainer = optionalOf(ContainerType);
  auto Tuple = tupleOf("::std::tuple", "::std::pair", "::std::array");
  auto Pair = tupleOf("::std::pair");
  auto Element =
      expr(anyOf(cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName("back", "front", "at"))),
                                   on(Container)),
                 cxxMemberCallExpr(
                     callee(cxxMethodDecl(hasName("at"))),
                     on(cxxOperatorCallExpr(hasOverloadedOperatorName("->"),
                                            hasArgument(0, ignoringParenImpCasts(
                                                               OptionalHoldingContainer))))),
                 cxxOperatorCallExpr(hasOverloadedOperatorName("[]"),
                                     hasArgument(0, ignoringParenImpCasts(Container))),
                 callExpr(callee(functionDecl(hasName("::std::get"))), argumentCountIs(1),
                          hasArgument(0, ignoringParenImpCasts(Tuple)), hasType(Held)),
                 memberExpr(member(fieldDecl(hasAnyName("first", "second"))),
                            hasObjectExpression(ignoringParenImpCasts(Pair)), hasType(Held)),
                 cxxMemberCallExpr(callee(cxxMethodDecl(hasName("value"))), argumentCountIs(0),
                                   on(Optional)),
                 cxxOperatorCallExpr(hasOverloadedOperatorName("*"), argumentCountIs(1),
                                     hasArgument(0, ignoringParenImpCasts(Optional)))))
          .bind("element");
  // Either, as the object of an accessor that returns a reference into it
  // and has a `&&` twin handing the value over: `x.toTensor()`.
  auto Accessor = cxxMemberCallExpr(on(expr(anyOf(Variable, Element))),
                                    callee(cxxMethodDecl(returns(lValueReferenceType()))))
                      .bind("accessor");
  // Bound to an lvalue reference parameter: the callee copies from it.
  auto Argument =
      expr(ignoringParenImpCasts(expr(anyOf(Variable, Element, Accessor)))).bind("argument");
  auto Parameter = parmVarDecl(hasType(hasCanonicalType(lValueReferenceType()))).bind("param");
  // Or the object of an accessor that returns a copy of what it holds by
  // value and has a `&&` twin handing it over: `x.toTuple()`, `x.toIntList()`.
  auto CopyingAccessor =
      cxxMemberCallExpr(callee(cxxMethodDecl(isConst(), unless(returns(referenceType())),
                                             matchers::hasMovingRvalueTwin())),
                        on(expr(anyOf(Variable, Element)).bind("argument")))
          .bind("accessor");
  const StatementMatcher Copies[] = {
      callExpr(utils::forEachArgumentAndParameter(Argument, Parameter)),
      cxxConstructExpr(utils::forEachArgumentAndParameter(Argument, Parameter)),
      CopyingAccessor};

  // Matched per function, only where a finding could be shown (see
  // utils/ReportedMatching.h); the control-flow graph is built only for
  // functions with a match.
  auto InFunction =
      functionDecl(utils::isInReportedFile(&Files), unless(isImplicit())).bind("function");
  // One matcher per node kind, so that each is tried only at calls or only
  // at constructions.
  for (const StatementMatcher &Copy : Copies)
    Reported.addMatcher(*Finder,
                        stmt(Copy, utils::forEachEnclosingFunctionOrInitializer(InFunction)), this);
}

utils::OwnershipAnalysis &IntrusivePtrMoveCheck::analysis(ASTContext &Ctx) {
  return Unit.get(Ctx).ownership(Config);
}

void IntrusivePtrMoveCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Param = Result.Nodes.getNodeAs<ParmVarDecl>("param");
  const auto &Stripped = *Result.Nodes.getNodeAs<Expr>("argument");
  utils::OwnershipAnalysis &A = analysis(*Result.Context);
  // Without a parameter the match is a by-value accessor: it copies itself,
  // whoever gets its result (utils::OwnershipAnalysis::handsOnReturnedCopy).
  const bool CopyingAccessor = Param == nullptr;
  if (Param) {
    const auto *Callee = dyn_cast<FunctionDecl>(Param->getDeclContext());
    if (!Callee || !A.sinks().takesRvalueOver(*Callee, *Param))
      return;
  }
  const auto &Function = *Result.Nodes.getNodeAs<FunctionDecl>("function");
  Context = Result.Context;
  const auto *Accessor = Result.Nodes.getNodeAs<CXXMemberCallExpr>("accessor");
  if (Accessor && (!Accessor->getMethodDecl() ||
                   !utils::OwnershipSinks::hasMovingRvalueTwin(*Accessor->getMethodDecl(),
                                                               *Result.Context)))
    return;
  if (const auto *Source = Result.Nodes.getNodeAs<DeclRefExpr>("variable")) {
    // A local variable belongs to the innermost function or lambda around it.
    const ValueDecl *Var = Source->getDecl();
    const auto *Owner = dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
    const QualType Held = Var->getType()->isLValueReferenceType()
                              ? Var->getType()->getPointeeType().getUnqualifiedType()
                              : Var->getType();
    if (!Owner || !Owner->doesThisDeclarationHaveABody() ||
        (!Var->getType()->isRValueReferenceType() && !A.isMoveHandle(Held)))
      return;
    Pending.try_emplace(Source, PendingUse{Source, Var, Owner});
  } else if (const auto *Element = Result.Nodes.getNodeAs<Expr>("element")) {
    utils::LastUseAnalysis &L = A.lastUse(Function);
    const Expr *Argument = utils::actualArgument(Stripped, L);
    const auto *Consumer = Argument ? dyn_cast_or_null<Expr>(L.parent(*Argument)) : nullptr;
    if (!Argument || !Argument->isLValue() || !Consumer)
      return;
    const auto &Container = *Result.Nodes.getNodeAs<Expr>("container");
    const bool Sequence = isSequenceElement(*Element);
    // A temporary tuple or optional hands an element it owns over as an
    // rvalue already; one that reaches here as an lvalue is a reference to
    // someone else's object (`std::get<0>(std::tie(a, b))`).
    if (utils::isUnsharedTemporary(elementObject(*Element))) {
      if (Sequence)
        checkTemporaryElementCopy(*Element, Function, *Result.Context);
      return;
    }
    if (Sequence && !CopyingAccessor &&
        checkElementCopy(*Element, Container, *Consumer, Function, L, *Result.Context))
      return;
    // Otherwise the element may be at its own last use in a local container;
    // decided at the end of the translation unit, with the ownership
    // decisions of the variables around it.
    if (const DeclRefExpr *ContainerUse = containerVariable(Container))
      PendingElements.push_back({Element, ContainerUse, &Function});
  }
}

/// Whether \p S holds an `if constexpr`, whose discarded branch an
/// instantiation does not have.
static bool containsConstexprIf(const Stmt &S) {
  if (const auto *If = dyn_cast<IfStmt>(&S); If && If->isConstexpr())
    return true;
  return llvm::any_of(S.children(),
                      [](const Stmt *Child) { return Child && containsConstexprIf(*Child); });
}

void IntrusivePtrMoveCheck::checkVariableCopy(const PendingUse &P, ASTContext &Ctx) {
  if (P.Var->getType()->isRValueReferenceType()) {
    checkRvalueParameterCopy(P, Ctx);
    return;
  }
  if (P.Var->getType()->isLValueReferenceType()) {
    checkRangeElementCopy(P, Ctx);
    return;
  }
  utils::OwnershipAnalysis &A = analysis(Ctx);
  utils::LastUseAnalysis &L = A.lastUse(*P.Owner);
  std::string WhyNot;
  if (!L.isMovableVariable(*P.Use, WhyNot) || !A.isOwningSinkUse(*P.Use, *P.Owner))
    return;
  const utils::OwnershipDecision &D = A.decide(*P.Var, *P.Owner);
  if (D.What != utils::Advice::Move || !llvm::is_contained(D.MoveAt, P.Use)) {
    // A template whose control flow cannot be analysed knows nothing its
    // instantiations do not: each has every use the template has, unless a
    // discarded `if constexpr` branch dropped one.
    if (P.Owner->isDependentContext() && !L.hasGraph() && !containsConstexprIf(*P.Owner->getBody()))
      return;
    // One instantiation (or the template itself) that reads the variable
    // again, or in which the variable is better borrowed, keeps the copy in
    // the source every instantiation shares.
    Findings.veto(P.Use->getBeginLoc());
    return;
  }
  if (A.upstreamValueParamReports(*P.Var, *P.Owner))
    return;
  const Expr *Argument = utils::actualArgument(*P.Use, L);
  if (const CXXMemberCallExpr *Accessor = Argument ? A.movingAccessorOn(*Argument, L) : nullptr) {
    const std::string Name = P.Var->getName().str();
    report(*P.Use,
           "'" + Name + "' is copied out through '" + accessorName(*Accessor) +
               "' at its last use; call it on 'std::move(" + Name +
               ")' to avoid an atomic refcount increment and decrement",
           *P.Owner, Ctx);
    return;
  }
  report(*P.Use,
         "'" + P.Var->getName().str() + "' is copied at its last use; move it to avoid " +
             (Argument && convertsContainer(*Argument, *P.Var, L, A)
                  ? conversionCost(*P.Var, A)
                  : copyCostOf(P.Var->getType(), A)),
         *P.Owner, Ctx);
}

void IntrusivePtrMoveCheck::checkRangeElementCopy(const PendingUse &P, ASTContext &Ctx) {
  utils::OwnershipAnalysis &A = analysis(Ctx);
  utils::LastUseAnalysis &L = A.lastUse(*P.Owner);
  const VarDecl *Container = nullptr;
  std::string WhyNot;
  // A variable initialised with the copy may be better a reference to the
  // element (c10-refcounted-copy), and an element of Tuple::create's braced
  // list is c10-tuple-create-init-list's: one finding per saving.
  if (!A.isCopiedIntoOwner(*P.Use, *P.Owner) ||
      (A.config().TupleCreateInitListEnabled && A.isTupleCreateListElement(*P.Use, L)) ||
      !L.isLastReadOfRangeElement(*P.Use, Container, WhyNot)) {
    // Every instantiation, and the template itself, must agree.
    Findings.veto(P.Use->getBeginLoc());
    return;
  }
  const std::string Name = "'" + P.Var->getName().str() + "'";
  const std::string Owner =
      Container ? "'" + Container->getName().str() + "'" : std::string("the loop's temporary range");
  std::string Message = Name + " is copied at its last use and refers to an element of " + Owner +
                        ", which nothing reads once the loop has begun; move it to avoid an "
                        "atomic refcount increment and decrement";
  // A const reference has to become a non-const one first, which may pick
  // other overloads for its other uses: that is left to the reader.
  if (P.Var->getType()->getPointeeType().isConstQualified()) {
    report(*P.Use, std::move(Message), *P.Owner, Ctx,
           "bind " + Name + " as a non-const reference ('auto&') to move the element");
    return;
  }
  report(*P.Use, std::move(Message), *P.Owner, Ctx);
}

void IntrusivePtrMoveCheck::checkRvalueParameterCopy(const PendingUse &P, ASTContext &Ctx) {
  // The upstream check reports the parameter that is never moved.
  if (UpstreamRvalueParamEnabled || P.Owner->isDependentContext() ||
      utils::isInTemplateInstantiation(*P.Owner))
    return;
  utils::OwnershipAnalysis &A = analysis(Ctx);
  utils::LastUseAnalysis &L = A.lastUse(*P.Owner);
  std::string WhyNot;
  if (!A.isOwningSinkUse(*P.Use, *P.Owner) || !L.isLastUseOfHandedOverObject(*P.Use, WhyNot))
    return;
  const auto &Param = *cast<ParmVarDecl>(P.Var);
  std::string CallersWhyNot;
  const bool CallersHandOver = utils::everyCallerHandsOver(
      *P.Owner, Param, [&](const FunctionDecl &Caller) -> utils::LastUseAnalysis & {
        return A.lastUse(Caller);
      },
      Ctx, CallersWhyNot);
  const std::string Name = Param.getName().str();
  const unsigned Nesting = A.containerNesting(Param.getType().getNonReferenceType());
  const std::string Cost = Nesting > 0 ? "copying the container and every handle in it"
                                       : "an atomic refcount increment and decrement";
  report(*P.Use,
         "'" + Name + "' is taken by rvalue reference and copied at its last use; move it to "
                      "avoid " + Cost,
         *P.Owner, Ctx,
         CallersHandOver ? std::string()
                         : CallersWhyNot + "; move it where every caller hands over a temporary "
                                           "or a variable it does not use again");
}

bool IntrusivePtrMoveCheck::checkElementCopy(const Expr &Element, const Expr &ContainerExpr,
                                             const Expr &Consumer, const FunctionDecl &Function,
                                             utils::LastUseAnalysis &A, ASTContext &Ctx) {
  const Expr *Container = &ContainerExpr;
  // A container the check can recognise again in the next statement: a
  // variable or a member of `this` (isSameObject is false for anything else).
  if (Element.getType().isConstQualified() || !isSameObject(*Container, *Container))
    return false;

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
    return false;
  const auto *It = llvm::find(Block->body(), Statement);
  if (It == Block->body_end() || std::next(It) == Block->body_end() || !isa<Expr>(*std::next(It)))
    return false;
  const auto *Removal = dyn_cast<CXXMemberCallExpr>(cast<Expr>(*std::next(It))->IgnoreImplicit());
  if (!Removal || !Removal->getMethodDecl() ||
      !Removal->getMethodDecl()->getDeclName().isIdentifier() ||
      !isSameObject(*Removal->getImplicitObjectArgument(), *Container))
    return false;
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
  } else if (const auto *Subscript = dyn_cast<CXXOperatorCallExpr>(&Element);
             Subscript && Subscript->getOperator() == OO_Subscript) {
    Index = Subscript->getArg(1);
  }
  if (Index)
    RemovedNext = Removes == "erase" && RemovalArgs == 1 &&
                  isIteratorTo(*Removal->getArg(0), *Container, *Index);
  if (!RemovedNext)
    return false;
  // Nothing else in the copying statement may read the container or change
  // the index: their order of evaluation against the move is unspecified.
  if (countMentions(*Statement, *Container) != 1)
    return false;
  if (Index && isa<DeclRefExpr>(Index->IgnoreParenImpCasts()) &&
      countMentions(*Statement, *Index) != 1)
    return false;
  // The element is moved before the call runs: code of the user's that the
  // call runs, and that can reach the container, would read it moved-from.
  // A by-value parameter is copied by its class's constructor, which is the
  // call matched here; the function it is passed to runs next.
  bool UserCode = runsUserCode(Consumer, Ctx);
  for (const Expr *Copy = &Consumer; !UserCode;) {
    const auto *Construct = dyn_cast<CXXConstructExpr>(Copy);
    if (!Construct || !Construct->getConstructor()->isCopyOrMoveConstructor())
      break;
    const Stmt *P = A.parent(*Copy);
    while (isa_and_nonnull<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
                           ParenExpr>(P))
      P = A.parent(*P);
    const auto *Next = dyn_cast_or_null<Expr>(P);
    if (!Next || !isa<CallExpr, CXXConstructExpr>(Next))
      break;
    UserCode = runsUserCode(*Next, Ctx);
    Copy = Next;
  }
  const bool Unaliased = isUnaliasedLocal(*Container, A, Ctx);
  if (UserCode && !Unaliased)
    return false;
  // Moved into the container itself (`out.push_back(std::move(stack.back()))`
  // with `out` a second name of `stack`), the element is left moved-from
  // under the copy the removal then drops. A by-value local container that
  // nothing else names is reached only by its name, used once above.
  if (!Unaliased && mayChangeContainer(*Statement, Element, *Container, Ctx))
    return false;

  const std::string What =
      Element.getBeginLoc().isMacroID() ? "the element" : "'" + utils::sourceText(Element.getSourceRange(), Ctx) + "'";
  report(Element,
         What + " is copied out of the container and removed right after; move it to avoid "
                "an atomic refcount increment and decrement",
         Function, Ctx);
  return true;
}

void IntrusivePtrMoveCheck::checkTemporaryElementCopy(const Expr &Element,
                                                      const FunctionDecl &Function,
                                                      ASTContext &Ctx) {
  // In a template, another instantiation may return the container by
  // reference or const: the shared source is left alone.
  utils::OwnershipAnalysis &A = analysis(Ctx);
  if (Element.getType().isConstQualified() || utils::isInTemplateInstantiation(Function) ||
      madeByC10Copy(elementObject(Element)) || !A.isCopiedIntoOwner(Element, Function))
    return;
  const std::string Text = utils::sourceText(Element.getSourceRange(), Ctx);
  const std::string What = Element.getBeginLoc().isMacroID() || Text.size() > 48
                               ? std::string("an element")
                               : "'" + Text + "'";
  if (const CXXMemberCallExpr *Accessor = A.movingAccessorOn(Element, A.lastUse(Function))) {
    report(Element,
           What + " is copied out through '" + accessorName(*Accessor) +
               "' from a temporary container that is destroyed at the end of the "
               "full-expression; call it on the element moved to avoid an atomic refcount "
               "increment and decrement",
           Function, Ctx);
    return;
  }
  report(Element,
         What + " is copied out of a temporary container that is destroyed at the end of the "
                "full-expression; move it to avoid an atomic refcount increment and decrement",
         Function, Ctx);
}

void IntrusivePtrMoveCheck::checkElementLastRead(const PendingElement &P, ASTContext &Ctx) {
  utils::OwnershipAnalysis &A = analysis(Ctx);
  utils::LastUseAnalysis &L = A.lastUse(*P.Function);
  const ValueDecl *Container = P.ContainerUse->getDecl();
  const utils::ElementAccess Access = L.elementAccess(*P.ContainerUse);
  if (!isa<VarDecl, BindingDecl>(Container) || P.Element->getType().isConstQualified() ||
      Access.Access != P.Element)
    return;
  std::string WhyNot;
  if (!L.isLastReadOfElement(*P.ContainerUse, WhyNot) ||
      !A.isCopiedIntoOwner(*P.Element, *P.Function) ||
      !A.mayMoveElementsOutOf(*Container, *P.Function))
    return;
  const std::string What = P.Element->getBeginLoc().isMacroID()
                               ? std::string("the element")
                               : "'" + utils::sourceText(P.Element->getSourceRange(), Ctx) + "'";
  const std::string Name = Container->getName().str();
  // Say "later code reads only other elements" only where later code reads
  // the container at all.
  std::string NotLast;
  const bool LastUseOfContainer = L.isLastUse(*P.ContainerUse, NotLast);
  const std::string Why =
      Access.OptionalValue || (Access.Constant && LastUseOfContainer)
          ? "at the last use of '" + Name + "'"
      : Access.Constant
          ? "where it is read for the last time (later code reads only other elements of '" +
                Name + "')"
          : "where it is read for the last time (each iteration reads another element of '" +
                Name + "', and nothing reads it after the loop)";
  if (const CXXMemberCallExpr *Accessor = A.movingAccessorOn(*P.Element, L)) {
    report(*P.Element,
           What + " is copied out through '" + accessorName(*Accessor) + "' " + Why +
               "; call it on the element moved to avoid an atomic refcount increment and "
               "decrement",
           *P.Function, Ctx);
    return;
  }
  report(*P.Element,
         What + " is copied " + Why + "; move it to avoid " +
             copyCost(A.containerNesting(P.Element->getType().getUnqualifiedType())),
         *P.Function, Ctx);
}

void IntrusivePtrMoveCheck::report(const Expr &Source, std::string Message,
                                   const FunctionDecl &Function, ASTContext &Ctx,
                                   std::string NoFixReason) {
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceRange Range = Source.getSourceRange();
  utils::Finding F{Range.getBegin(), std::move(Message), {}, {}};
  if (!NoFixReason.empty()) {
    F.NoFixReason = std::move(NoFixReason);
  } else if (utils::isInMacro({Range.getBegin(), Range.getEnd()})) {
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
  if (Context && (!Pending.empty() || !PendingElements.empty())) {
    std::vector<Decl *> Functions;
    llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
    for (const auto &[Use, P] : Pending)
      if (Seen.insert(P.Owner).second)
        Functions.push_back(const_cast<FunctionDecl *>(P.Owner));
    for (const PendingElement &P : PendingElements)
      if (Seen.insert(P.Function).second)
        Functions.push_back(const_cast<FunctionDecl *>(P.Function));
    utils::TraversalScopeGuard Scope(*Context, Functions);
    for (const auto &[Use, P] : Pending)
      checkVariableCopy(P, *Context);
    for (const PendingElement &P : PendingElements)
      checkElementLastRead(P, *Context);
  }
  Findings.flush(*this, &Inserter);
  Pending.clear();
  PendingElements.clear();
  Unit.release();
  Context = nullptr;
}

} // namespace clang::tidy::c10
