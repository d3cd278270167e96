//===- OwnershipDecision.cpp ----------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/OwnershipDecision.h"
#include "utils/ArgumentParameters.h"
#include "utils/ClassNameListOption.h"
#include "utils/DeclNames.h"
#include "utils/LocalParents.h"
#include "utils/PlainReads.h"
#include "utils/TupleElementsSource.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include <optional>

namespace clang::tidy::c10::utils {

namespace {

std::vector<std::string> classesOption(ClangTidyContext &Context, llvm::StringRef Key,
                                       llvm::StringRef Default) {
  const ClangTidyOptions::OptionMap &Options = Context.getOptions().CheckOptions;
  auto It = Options.find(Key);
  std::string Bad;
  std::optional<std::vector<std::string>> Parsed =
      parseClassNameList(It == Options.end() ? Default : llvm::StringRef(It->getValue().Value), Bad);
  // A malformed value disables the check that owns it (and it says so).
  return Parsed ? std::move(*Parsed) : std::vector<std::string>();
}

/// `return x;` (through implicit conversions): the language already moves or
/// the conversion is the return's business. Only a name is moved implicitly:
/// `return c[0];` or `return v.toTensor();` copies, and is a sink like any
/// other owner.
bool isImplicitReturnOperand(const Expr &Argument, const LastUseAnalysis &A) {
  if (!isa<DeclRefExpr>(Argument.IgnoreParens()))
    return false;
  const Stmt *S = &Argument;
  for (const Stmt *P = A.parent(*S); P; S = P, P = A.parent(*P)) {
    if (isa<ReturnStmt, CoreturnStmt>(P))
      return true;
    if (isValueTransparent(*P))
      continue;
    if (isa<CXXConstructExpr>(P) && !isa<CXXTemporaryObjectExpr>(P) &&
        cast<CXXConstructExpr>(P)->getNumArgs() == 1)
      continue;
    return false;
  }
  return false;
}

/// `[x] { ... }`: the closure's copy of `x`; moving it needs an init-capture
/// (`[x = std::move(x)]`), a rewrite of the capture list left to the author.
bool isCaptureInitialiser(const Expr &Argument, const LastUseAnalysis &A) {
  const Stmt *Copy = A.parent(Argument);
  return isa_and_nonnull<CXXConstructExpr>(Copy) && isa_and_nonnull<LambdaExpr>(A.parent(*Copy));
}

const CXXConstructExpr *copyInitialiser(const VarDecl &Var) {
  const auto *Copy =
      dyn_cast_or_null<CXXConstructExpr>(Var.getInit() ? Var.getInit()->IgnoreImplicit() : nullptr);
  return Copy && Copy->getConstructor()->isCopyConstructor() ? Copy : nullptr;
}

/// Accessors of an IValue that throw unless it holds a scalar: a variable
/// read only through them (and `isX()` tests) holds no refcounted payload.
bool isScalarOnlyUse(const CXXMethodDecl &Method) {
  if (!Method.getIdentifier())
    return false;
  const StringRef Name = Method.getName();
  if (Name.starts_with("is") || Name == "tagKind")
    return Method.isConst();
  return llvm::is_contained({StringRef("toInt"), StringRef("toDouble"), StringRef("toBool"),
                             StringRef("toScalarType"), StringRef("toLayout"),
                             StringRef("toMemoryFormat"), StringRef("toDevice"),
                             StringRef("toQScheme")},
                            Name);
}

/// The object a use is the object of, if it is one: `v.f()`.
const CXXMethodDecl *methodCalledOn(const DeclRefExpr &Use, const LastUseAnalysis &A) {
  const Stmt *P = A.parent(Use);
  while (isa_and_nonnull<ImplicitCastExpr, ParenExpr>(P))
    P = A.parent(*P);
  const auto *Member = dyn_cast_or_null<MemberExpr>(P);
  if (!Member || Member->isArrow())
    return nullptr;
  const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(A.parent(*Member));
  return Call ? Call->getMethodDecl() : nullptr;
}

/// What makes performance-for-range-copy leave a loop variable alone, below
/// its initialiser \p S: a temporary, a conversion function, a constructor
/// other than the copy constructor, or an iterator whose `*` returns a value
/// (a proxy such as the element reference of a c10::List).
bool hasProxyInInitialiser(const Stmt &S) {
  for (const Stmt *Child : S.children()) {
    if (!Child)
      continue;
    if (isa<MaterializeTemporaryExpr>(Child))
      return true;
    if (const auto *Call = dyn_cast<CXXMemberCallExpr>(Child);
        Call && isa_and_nonnull<CXXConversionDecl>(Call->getMethodDecl()))
      return true;
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(Child);
        Construct && !Construct->getConstructor()->isCopyConstructor())
      return true;
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Child);
        Op && Op->getOperator() == OO_Star && Op->getDirectCallee() &&
        !Op->getDirectCallee()->getReturnType()->isReferenceType())
      return true;
    if (hasProxyInInitialiser(*Child))
      return true;
  }
  return false;
}

/// A by-value, non-const range-for variable copy-constructed from the
/// element: the shape performance-for-range-copy looks at.
bool isForRangeCopy(const VarDecl &Var) {
  if (!Var.isCXXForRangeDecl() || Var.getType()->isReferenceType() ||
      Var.getType().isConstQualified())
    return false;
  const CXXConstructExpr *Copy = copyInitialiser(Var);
  return Copy && Copy->getNumArgs() > 0 && !hasProxyInInitialiser(*Var.getInit());
}

/// Whether performance-for-range-copy reports \p Var: a by-value,
/// non-const range-for variable copy-constructed from the element, used in
/// the body and never changed there. It advises `const auto&`, which leaves
/// nothing to move: a move at its last use would contradict it.
bool upstreamForRangeCopyReports(const VarDecl &Var, const LastUseAnalysis &A,
                                 const LocalParents &Parents, ASTContext &Ctx) {
  if (!isForRangeCopy(Var))
    return false;
  ArrayRef<const DeclRefExpr *> Uses = A.usesOf(Var);
  if (Uses.empty())
    return false;
  const CXXForRangeStmt *Loop = nullptr;
  for (const Stmt *S = A.parent(*Uses.front()); S && !Loop; S = A.parent(*S))
    if (const auto *Range = dyn_cast<CXXForRangeStmt>(S); Range && Range->getLoopVariable() == &Var)
      Loop = Range;
  if (!Loop || !Loop->getBody())
    return false;
  std::optional<ExprMutationAnalyzer> Analyzer;
  return !isMutatedIn(Var, *Loop->getBody(), Parents, [&]() -> ExprMutationAnalyzer & {
    if (!Analyzer)
      Analyzer.emplace(*Loop->getBody(), Ctx);
    return *Analyzer;
  });
}

/// Whether performance-unnecessary-value-param reports \p Var: a by-value
/// parameter of a (non-overriding) function definition, template
/// instantiations included, that the function never modifies. It advises
/// `const T&` or, for a single copy, std::move of the parameter: a move of it
/// or of one of its elements here would be a second piece of advice for the
/// same copy, or one that contradicts it.
bool upstreamValueParamReports(const VarDecl &Var, const FunctionDecl &Owner, ASTContext &Ctx) {
  if (!isa<ParmVarDecl>(Var) || Owner.isImplicit() || !Owner.getBody())
    return false;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&Owner);
      Method && (Method->size_overridden_methods() > 0 || Method->hasAttr<FinalAttr>() ||
                 Method->getParent()->isLambda()))
    return false;
  // Asked only for a parameter that is otherwise reported: the analyzer
  // needs the translation unit's parent map, which the upstream check
  // (enabled in this run) builds anyway.
  if (ExprMutationAnalyzer(*Owner.getBody(), Ctx).isMutated(&Var))
    return false;
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Owner))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit() && ExprMutationAnalyzer(*Init->getInit(), Ctx).isMutated(&Var))
        return false;
  return true;
}

} // namespace

bool savesNothing(const VarDecl &Var, const LastUseAnalysis &A) {
  ArrayRef<const DeclRefExpr *> Uses = A.usesOf(Var);
  const CXXRecordDecl *Record = Var.getType()->getAsCXXRecordDecl();
  if (Record && Record->getQualifiedNameAsString() == "c10::IValue" && !Uses.empty() &&
      llvm::all_of(Uses, [&](const DeclRefExpr *Use) {
        // A closure's copy is read by the uses in its body, which are uses
        // of the variable too.
        if (const Expr *Argument = actualArgument(*Use, A);
            Argument && isCaptureInitialiser(*Argument, A))
          return true;
        const CXXMethodDecl *Method = methodCalledOn(*Use, A);
        return Method && isScalarOnlyUse(*Method);
      }))
    return true;
  const auto *Init =
      dyn_cast_or_null<CXXConstructExpr>(Var.getInit() ? Var.getInit()->IgnoreImplicit() : nullptr);
  if (isa<ParmVarDecl>(Var) || !Init || !Init->getConstructor()->isDefaultConstructor() ||
      Init->getNumArgs() != 0 || !Record)
    return false;
  // Classes whose default-constructed object owns nothing: an undefined
  // tensor, a null pointer, None, an empty vector. (A default c10::List
  // allocates its storage; a class of the user's may do anything.)
  const std::string Name = Record->getQualifiedNameAsString();
  if (Name != "at::Tensor" && Name != "at::TensorBase" && Name != "c10::intrusive_ptr" &&
      Name != "c10::IValue" && Name != "std::vector" && Name != "std::deque")
    return false;
  // Default-constructed: never written through any use?
  return llvm::all_of(Uses, [&](const DeclRefExpr *Use) {
    if (const CXXMethodDecl *Method = methodCalledOn(*Use, A))
      return Method->isConst();
    const Stmt *Child = Use;
    const Stmt *P = A.parent(*Use);
    while (isa_and_nonnull<ImplicitCastExpr, ParenExpr>(P)) {
      Child = P;
      P = A.parent(*P);
    }
    if (const auto *Call = dyn_cast_or_null<Expr>(P); Call && isa<CallExpr, CXXConstructExpr>(Call)) {
      ParameterBinding B = parameterBoundTo(*Call, *cast<Expr>(Child));
      QualType T = B.Param ? B.Param->getType() : QualType();
      return !T.isNull() && (!T->isReferenceType() || T.getNonReferenceType().isConstQualified());
    }
    return false;
  });
}

OwnershipConfig OwnershipConfig::read(ClangTidyContext &Context) {
  OwnershipConfig C;
  C.BorrowEnabled = Context.isCheckEnabled("c10-refcounted-copy");
  C.MoveEnabled = Context.isCheckEnabled("c10-intrusive-ptr-move");
  C.TupleCreateInitListEnabled = Context.isCheckEnabled("c10-tuple-create-init-list");
  C.TupleElementsCopyEnabled = Context.isCheckEnabled("c10-tuple-elements-copy");
  C.UpstreamCopyInitEnabled = Context.isCheckEnabled("performance-unnecessary-copy-initialization");
  C.UpstreamForRangeCopyEnabled = Context.isCheckEnabled("performance-for-range-copy");
  C.UpstreamValueParamEnabled = Context.isCheckEnabled("performance-unnecessary-value-param");
  C.BorrowClasses =
      classesOption(Context, "c10-refcounted-copy.RefcountedClasses", DefaultBorrowClasses);
  C.MoveClasses = classesOption(Context, "c10-intrusive-ptr-move.HandleClasses", DefaultMoveClasses);
  C.ContainerClasses =
      classesOption(Context, "c10-intrusive-ptr-move.ContainerClasses", DefaultContainerClasses);
  C.TupleClasses =
      classesOption(Context, "c10-tuple-create-init-list.TupleClasses", DefaultTupleClasses);
  C.ElementsTupleClasses =
      classesOption(Context, "c10-tuple-elements-copy.TupleClasses", DefaultTupleClasses);
  return C;
}

bool OwnershipAnalysis::isOneOf(QualType T, const std::vector<std::string> &Classes) {
  const CXXRecordDecl *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  return Record && llvm::is_contained(Classes, "::" + Record->getQualifiedNameAsString());
}

bool OwnershipAnalysis::isMoveHandle(QualType T) const {
  return isOneOf(T, Config.MoveClasses) || containerNesting(T) > 0 || isTupleOfHandles(T) ||
         isOptionalHandle(T);
}

bool OwnershipAnalysis::movesAHandle(QualType Element) const {
  const CXXRecordDecl *Record = Element->getAsCXXRecordDecl();
  return !Element.isConstQualified() && Record && !isCopiedWhenMoved(*Record) &&
         (isOneOf(Element, Config.MoveClasses) || containerNesting(Element) > 0);
}

bool OwnershipAnalysis::isOptionalHandle(QualType T) const {
  const QualType Value = optionalObjectType(T);
  return !Value.isNull() && movesAHandle(Value);
}

bool OwnershipAnalysis::isTupleOfHandles(QualType T) const {
  const auto *Tuple = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Tuple || !Tuple->isInStdNamespace() || !(isNamed(Tuple, "tuple") || isNamed(Tuple, "pair")))
    return false;
  ArrayRef<TemplateArgument> Args = Tuple->getTemplateArgs().asArray();
  if (Args.size() == 1 && Args[0].getKind() == TemplateArgument::Pack)
    Args = Args[0].getPackAsArray(); // std::tuple<Types...>
  bool HoldsHandle = false;
  for (const TemplateArgument &Arg : Args) {
    if (Arg.getKind() != TemplateArgument::Type || Arg.getAsType()->isReferenceType())
      return false;
    if (movesAHandle(Arg.getAsType()))
      HoldsHandle = true;
  }
  return HoldsHandle;
}

unsigned OwnershipAnalysis::containerNesting(QualType T) const {
  return containerNesting(T, Config.ContainerClasses, Config.MoveClasses);
}

unsigned OwnershipAnalysis::containerNesting(QualType T, const std::vector<std::string> &Containers,
                                             const std::vector<std::string> &Elements) {
  for (unsigned Depth = 1; Depth <= kMaxContainerNesting; ++Depth) {
    const auto *Container = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        T.getNonReferenceType()->getAsCXXRecordDecl());
    if (!Container || !isOneOf(T, Containers) || Container->getTemplateArgs().size() == 0 ||
        Container->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
      return 0;
    T = Container->getTemplateArgs()[0].getAsType();
    if (isOneOf(T, Elements))
      return Depth;
  }
  return 0;
}

bool isBorrowHandle(QualType T, const OwnershipConfig &Config) {
  return OwnershipAnalysis::isOneOf(T, Config.BorrowClasses) ||
         OwnershipAnalysis::containerNesting(T, Config.ContainerClasses, Config.BorrowClasses) > 0;
}

LastUseAnalysis &OwnershipAnalysis::lastUse(const FunctionDecl &Function) {
  return LastUses.of(Function, Ctx);
}

const Expr *actualArgument(const Expr &Use, const LastUseAnalysis &A) {
  const Expr *E = &Use;
  for (const Stmt *P = A.parent(*E); P; P = A.parent(*E)) {
    if (isa<ExplicitCastExpr>(P))
      return nullptr;
    if (!isa<ParenExpr, ImplicitCastExpr>(P) || !isValueTransparent(*P) ||
        cast<Expr>(P)->getValueKind() != Use.getValueKind())
      break;
    E = cast<Expr>(P);
  }
  return E;
}

bool OwnershipAnalysis::bindsOwningParameter(const Expr &Argument, const LastUseAnalysis &A) {
  const auto *Call = dyn_cast_or_null<Expr>(A.parent(Argument));
  if (!Call || !isa<CallExpr, CXXConstructExpr>(Call))
    return false;
  ParameterBinding B = parameterBoundTo(*Call, Argument);
  return B.Param && B.Param->getType()->isLValueReferenceType() &&
         Sinks.takesRvalueOver(*B.Callee, *B.Param) && !isImplicitReturnOperand(Argument, A) &&
         !isCaptureInitialiser(Argument, A);
}

bool OwnershipAnalysis::isOwningSinkUse(const DeclRefExpr &Use, const FunctionDecl &Owner) {
  LastUseAnalysis &A = lastUse(Owner);
  const Expr *Argument = actualArgument(Use, A);
  if (!Argument || !Argument->isLValue())
    return false;
  if (movingAccessorOn(*Argument, A))
    return isCopiedIntoOwner(*Argument, Owner);
  return bindsOwningParameter(*Argument, A);
}

const CXXMemberCallExpr *OwnershipAnalysis::movingAccessorOn(const Expr &Object,
                                                             const LastUseAnalysis &A) const {
  // A const member called on a non-const object sees it through a no-op
  // cast to const.
  const Stmt *P = A.parent(Object);
  while (isa_and_nonnull<ParenExpr>(P) ||
         (isa_and_nonnull<ImplicitCastExpr>(P) && cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp))
    P = A.parent(*P);
  const auto *Member = dyn_cast_or_null<MemberExpr>(P);
  if (!Member || Member->isArrow())
    return nullptr;
  const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(A.parent(*Member));
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  if (!Method || Call->getCallee() != Member ||
      !OwnershipSinks::hasMovingRvalueTwin(*Method, Ctx))
    return nullptr;
  return Call;
}

bool OwnershipAnalysis::initialisesBorrowedVariable(const Expr &Copy, const FunctionDecl &Owner) {
  LastUseAnalysis &A = lastUse(Owner);
  const Stmt *P = A.parent(Copy);
  while (isa_and_nonnull<ExprWithCleanups, ImplicitCastExpr, CXXBindTemporaryExpr,
                          MaterializeTemporaryExpr>(P))
    P = A.parent(*P);
  const auto *Declaration = dyn_cast_or_null<DeclStmt>(P);
  if (!Declaration)
    return false;
  for (const Decl *D : Declaration->decls())
    if (const auto *Var = dyn_cast<VarDecl>(D); Var && copyInitialiser(*Var) == &Copy) {
      if (Config.UpstreamCopyInitEnabled &&
          upstreamCopyInitReports(*Var, *copyInitialiser(*Var), parents(*Owner.getBody()), Ctx))
        return true;
      const OwnershipDecision &Decision = decide(*Var, Owner);
      return Decision.What == Advice::Borrow || Decision.UpstreamBorrows;
    }
  return false;
}

bool OwnershipAnalysis::upstreamValueParamReports(const ValueDecl &Var, const FunctionDecl &Owner) {
  const auto *Param = dyn_cast<ParmVarDecl>(&Var);
  return Config.UpstreamValueParamEnabled && Param &&
         utils::upstreamValueParamReports(*Param, Owner, Ctx);
}

bool OwnershipAnalysis::mayMoveElementsOutOf(const ValueDecl &Var, const FunctionDecl &Owner) {
  if (upstreamValueParamReports(Var, Owner))
    return false;
  const auto *Variable = dyn_cast<VarDecl>(&Var);
  if (Config.TupleElementsCopyEnabled && Variable)
    if (const CXXMemberCallExpr *Elements =
            tupleElementsCopiedInto(*Variable, Config.ElementsTupleClasses)) {
      const Expr *TupleOwner = tupleOwner(*Elements);
      if (!TupleOwner || TupleOwner->isLValue())
        return false;
    }
  const OwnershipDecision &D = decide(Var, Owner);
  return D.What != Advice::Borrow && !D.UpstreamBorrows;
}

bool OwnershipAnalysis::isCopiedIntoOwner(const Expr &Source, const FunctionDecl &Owner) {
  LastUseAnalysis &A = lastUse(Owner);
  const Expr *Copied = actualArgument(Source, A);
  if (!Copied || !Copied->isLValue())
    return false;
  if (const CXXMemberCallExpr *Accessor = movingAccessorOn(*Copied, A)) {
    if (Accessor->isPRValue())
      return handsOnReturnedCopy(*Accessor, A);
    Copied = actualArgument(*Accessor, A);
  }
  if (!Copied || !Copied->isLValue() || !bindsOwningParameter(*Copied, A))
    return false;
  const auto *Copy = dyn_cast<CXXConstructExpr>(A.parent(*Copied));
  return !Copy || !initialisesBorrowedVariable(*Copy, Owner);
}

/// The first ancestor of \p E that uses its value, past what only hands it
/// on (utils::isValueTransparent) and past a copy or move constructor (the
/// one C++14 writes where C++17 elides it, `return v;`'s implicit move);
/// \p Child becomes that ancestor's child on the way.
static const Stmt *valueUser(const Expr &E, const LastUseAnalysis &A, const Stmt *&Child) {
  Child = &E;
  const Stmt *P = A.parent(E);
  while (P) {
    const auto *Construct = dyn_cast<CXXConstructExpr>(P);
    const bool Copies = Construct && Construct->getNumArgs() == 1 &&
                        Construct->getConstructor()->isCopyOrMoveConstructor();
    if (!Copies && !isValueTransparent(*P))
      break;
    Child = P;
    P = A.parent(*P);
  }
  return P;
}

/// Whether some use of \p Var hands it on — an argument (not the object of
/// a member call or of `->`, `*`, `[]`) or a returned value — rather than
/// reading through it: then no borrow can stand in for it.
static bool isHandedOn(const VarDecl &Var, const LastUseAnalysis &A) {
  return llvm::any_of(A.usesOf(Var), [&](const DeclRefExpr *Use) {
    const Stmt *Child = nullptr;
    if (isa_and_nonnull<ReturnStmt>(valueUser(*Use, A, Child)))
      return true;
    const Expr *Argument = actualArgument(*Use, A);
    const Stmt *P = Argument ? A.parent(*Argument) : nullptr;
    if (!isa_and_nonnull<CallExpr, CXXConstructExpr>(P))
      return false;
    return parameterBoundTo(*cast<Expr>(P), *Argument).Param != nullptr;
  });
}

bool OwnershipAnalysis::handsOnReturnedCopy(const CXXMemberCallExpr &Accessor,
                                          const LastUseAnalysis &A) const {
  if (!isOneOf(Accessor.getType(), Config.MoveClasses))
    return false;
  const Stmt *Child = nullptr;
  const Stmt *P = valueUser(Accessor, A, Child);
  if (!P)
    return false;
  if (isa<ReturnStmt>(P))
    return true;
  const bool Borrowable = OwnershipSinks::hasBorrowingTwin(*Accessor.getMethodDecl());
  if (isa<DeclStmt>(P)) {
    const VarDecl *Var = variableInitialisedIn(P, *cast<Expr>(Child));
    return Var && (!Borrowable || isHandedOn(*Var, A));
  }
  if (!isa<CallExpr, CXXConstructExpr>(P))
    return false;
  // Not the object of a call on the copy (`x.toIntList().vec()`,
  // `x.toTuple()->elements()`): that reads through it, and other advice
  // (c10-ivalue-vector-copy, c10-ivalue-ref-accessor) applies there.
  const ParameterBinding B = parameterBoundTo(*cast<Expr>(P), *cast<Expr>(Child));
  return B.Param && (!Borrowable || !B.Param->getType()->isLValueReferenceType());
}

bool OwnershipAnalysis::isTupleCreateListElement(const Expr &Argument,
                                                 const LastUseAnalysis &A) const {
  bool InList = false;
  for (const Stmt *P = A.parent(Argument); P; P = A.parent(*P)) {
    if (isa<InitListExpr>(P)) {
      InList = true;
      continue;
    }
    if (const auto *Call = dyn_cast<CallExpr>(P)) {
      const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
      return InList && Method && Method->isStatic() && Method->getIdentifier() &&
             (Method->getName() == "create" || Method->getName() == "createNamed") &&
             llvm::is_contained(Config.TupleClasses,
                                "::" + Method->getParent()->getQualifiedNameAsString());
    }
    if (!isa<CXXStdInitializerListExpr, CXXConstructExpr, CXXFunctionalCastExpr, ImplicitCastExpr,
             MaterializeTemporaryExpr, CXXBindTemporaryExpr, ParenExpr, ExprWithCleanups>(P))
      return false;
  }
  return false;
}

const OwnershipDecision &OwnershipAnalysis::decide(const ValueDecl &Named,
                                                   const FunctionDecl &Owner) {
  std::unique_ptr<OwnershipDecision> &Slot = Decisions[&Named];
  if (Slot)
    return *Slot;
  Slot = std::make_unique<OwnershipDecision>();
  OwnershipDecision &D = *Slot;

  LastUseAnalysis &A = lastUse(Owner);
  const auto *Variable = dyn_cast<VarDecl>(&Named);
  if (Variable && savesNothing(*Variable, A))
    return D;
  if (Config.MoveEnabled && isMoveHandle(Named.getType())) {
    for (const DeclRefExpr *Use : A.usesOf(Named)) {
      std::string WhyNot;
      if (!A.isMovableVariable(*Use, WhyNot))
        continue;
      if (!isOwningSinkUse(*Use, Owner))
        continue;
      if (!A.isLastUse(*Use, WhyNot))
        continue;
      if (Config.TupleCreateInitListEnabled && isTupleCreateListElement(*Use, A))
        D.MovedByTupleCreate = true;
      else
        D.MoveAt.push_back(Use);
    }
  }
  // A structured binding has no initialiser of its own to borrow. Of the
  // upstream checks, performance-for-range-copy reports the decomposition of
  // `for (auto [k, v] : m)` when no binding is modified in the body; it is
  // assumed to whenever the loop copies the element (`const auto& [k, v]`
  // would leave nothing to move).
  if (!Variable) {
    const auto *Decomposition =
        dyn_cast_or_null<DecompositionDecl>(cast<BindingDecl>(Named).getDecomposedDecl());
    if (!D.MoveAt.empty() && Config.UpstreamForRangeCopyEnabled && Decomposition &&
        isForRangeCopy(*Decomposition)) {
      D.MoveAt.clear();
      D.UpstreamBorrows = true;
    }
    D.What = D.MoveAt.empty() ? Advice::None : Advice::Move;
    return D;
  }
  const VarDecl &Var = *Variable;
  const CXXConstructExpr *Copy = copyInitialiser(Var);
  bool BorrowCandidate =
      Config.BorrowEnabled && Copy && isBorrowHandle(Var.getType(), Config);
  if (D.MovedByTupleCreate)
    BorrowCandidate = false; // Its rewrite moves the variable: no borrow beside it.
  // A tuple's elements copied into a vector (`std::vector<IValue> e =
  // t->elements();`, where elements() returns the vector) are
  // c10-tuple-elements-copy's: one finding per saving.
  if (BorrowCandidate && Config.TupleElementsCopyEnabled &&
      tupleElementsCopiedInto(Var, Config.ElementsTupleClasses))
    BorrowCandidate = false;
  if (D.MoveAt.empty() && !BorrowCandidate)
    return D;
  const LocalParents &P = parents(*Owner.getBody());
  if (Config.UpstreamForRangeCopyEnabled && upstreamForRangeCopyReports(Var, A, P, Ctx)) {
    D.MoveAt.clear(); // performance-for-range-copy advises `const auto&`.
    D.UpstreamBorrows = true;
    return D;
  }
  if (Copy && Config.UpstreamCopyInitEnabled && upstreamCopyInitReports(Var, *Copy, P, Ctx)) {
    D.MoveAt.clear(); // performance-unnecessary-copy-initialization advises the borrow.
    D.UpstreamBorrows = true;
    return D;
  }
  const Advice Move = D.MoveAt.empty() ? Advice::None : Advice::Move;
  D.What = Move;
  if (!BorrowCandidate)
    return D;
  D.Candidate = findBorrowCandidate(Var, *Copy, Owner, P, Ctx);
  if (!D.Candidate)
    return D;
  // The own storage of by-value locals: may other code reach it? If so it is
  // looked at as shared storage (any write to an object of a type on the
  // path counts, wherever it is made), and code out of sight may write it.
  if (BorrowedStorage &Storage = D.Candidate->Path.Storage; !Storage.Shared) {
    Storage.Reachable = llvm::any_of(
        Storage.OnPath, [&](const VarDecl *OnPath) { return A.mayBeReachedByOtherCode(*OnPath); });
    if (*Storage.Reachable)
      Storage.Shared = true;
  }
  D.Verdict = judgeBorrow(*D.Candidate, Ctx);
  if (!D.Verdict.OnlyRead || D.Verdict.UpstreamReports)
    return D;
  switch (D.Verdict.Safety) {
  case BorrowSafety::Proven:
    D.What = Advice::Borrow;
    break;
  case BorrowSafety::ReadsProven:
    // The borrow is right but its rewrite is not proven (the check's note
    // says why); a move at the last use, where there is one, is.
    if (D.MoveAt.empty())
      D.What = Advice::Borrow;
    break;
  case BorrowSafety::Unproven:
  case BorrowSafety::Broken:
    // No proof that a reference stays valid: no borrow advice, not even
    // without a fix-it.
    break;
  }
  if (D.What == Advice::Borrow)
    D.MoveAt.clear();
  return D;
}

} // namespace clang::tidy::c10::utils
