//===- LastUse.cpp --------------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/LastUse.h"
#include "utils/DeclNames.h"
#include "utils/ReferenceEscape.h"
#include "utils/ReturnTail.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TemplateBase.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/STLExtras.h"
#include <cstdint>

namespace clang::tidy::c10::utils {

static bool ownsElement(QualType Type, const llvm::APSInt &K);

/// `std::vector`, `std::deque` or `std::array`: a container whose elements
/// are its own objects, reached by index.
static bool isOwningSequence(QualType Type) {
  const auto *Record = Type.isNull() ? nullptr : Type->getAsCXXRecordDecl();
  return Record && Record->isInStdNamespace() &&
         (isNamed(Record, "vector") || isNamed(Record, "deque") || isNamed(Record, "array"));
}

/// The variable's name as the reasons quote it.
static std::string quoted(const ValueDecl &Var) { return "'" + Var.getName().str() + "'"; }

namespace {

/// Collects the evaluated references to variables, the lambdas and the
/// declarations of one function. Unevaluated operands (sizeof, noexcept,
/// non-polymorphic typeid) read nothing at run time and are skipped.
class UseCollector {
public:
  UseCollector(llvm::DenseMap<const ValueDecl *, llvm::SmallVector<const DeclRefExpr *, 4>> &Uses,
               llvm::SmallVectorImpl<const LambdaExpr *> &Lambdas,
               llvm::DenseMap<const ValueDecl *, const DeclStmt *> &DeclaredBy)
      : Uses(Uses), Lambdas(Lambdas), DeclaredBy(DeclaredBy) {}

  bool HasGoto = false;
  /// The lambdas outside any lambda body, and the uses inside one.
  llvm::SmallVector<const LambdaExpr *, 2> OwnLambdas;
  llvm::DenseSet<const DeclRefExpr *> UsesInLambdaBodies;

  void collect(const Stmt *S) {
    if (!S)
      return;
    if (isa<UnaryExprOrTypeTraitExpr, CXXNoexceptExpr>(S))
      return;
    if (const auto *TypeId = dyn_cast<CXXTypeidExpr>(S);
        TypeId && !TypeId->isPotentiallyEvaluated())
      return;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (isa<VarDecl, BindingDecl>(Ref->getDecl())) {
        Uses[Ref->getDecl()].push_back(Ref);
        if (LambdaDepth > 0)
          UsesInLambdaBodies.insert(Ref);
      }
    if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      Lambdas.push_back(Lambda);
      if (LambdaDepth == 0)
        OwnLambdas.push_back(Lambda);
      // The captures' initialisers run where the lambda is written; its
      // body runs when it is called.
      for (const Expr *Init : Lambda->capture_inits())
        collect(Init);
      ++LambdaDepth;
      collect(Lambda->getBody());
      --LambdaDepth;
      return;
    }
    if (isa<GotoStmt, IndirectGotoStmt>(S))
      HasGoto = true;
    if (const auto *Declaration = dyn_cast<DeclStmt>(S))
      for (const Decl *D : Declaration->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D)) {
          DeclaredBy[Var] = Declaration;
          if (const auto *Decomposition = dyn_cast<DecompositionDecl>(Var))
            for (const BindingDecl *Binding : Decomposition->bindings())
              DeclaredBy[Binding] = Declaration;
        }
    for (const Stmt *Child : S->children())
      collect(Child);
  }

private:
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<const DeclRefExpr *, 4>> &Uses;
  llvm::SmallVectorImpl<const LambdaExpr *> &Lambdas;
  llvm::DenseMap<const ValueDecl *, const DeclStmt *> &DeclaredBy;
  unsigned LambdaDepth = 0;
};

} // namespace

LastUseAnalysis::LastUseAnalysis(const FunctionDecl &Function, ASTContext &Ctx,
                                 LastUseCache *Cache)
    : Function(Function), Ctx(Ctx), Cache(Cache), Parents(Function.getBody()) {
  UseCollector Collector(Uses, Lambdas, DeclaredBy);
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Function))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit()) {
        Parents.addStmt(Init->getInit());
        Collector.collect(Init->getInit());
      }
  Collector.collect(Function.getBody());
  HasGoto = Collector.HasGoto;
  OwnLambdas = std::move(Collector.OwnLambdas);
  UsesInLambdaBodies = std::move(Collector.UsesInLambdaBodies);
  for (const LambdaExpr *Lambda : Lambdas)
    for (const LambdaCapture &Capture : Lambda->captures())
      if (Capture.capturesVariable() && Capture.getCaptureKind() == LCK_ByRef) {
        const ValueDecl *Var = Capture.getCapturedVar();
        CapturedByReference.insert(Var);
        if (!runsInPlace(*Lambda))
          CapturedByLambdaRunLater.insert(Var);
      }
}

std::pair<const Stmt *, const Stmt *>
LastUseAnalysis::consumerOf(const LambdaExpr &Lambda) const {
  const Stmt *Child = &Lambda;
  const Stmt *P = parent(Lambda);
  while (isa_and_nonnull<ParenExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
                         ImplicitCastExpr>(P)) {
    Child = P;
    P = parent(*P);
  }
  return {P, Child};
}

bool LastUseAnalysis::runsInPlace(const LambdaExpr &Lambda) const {
  const auto [P, Child] = consumerOf(Lambda);
  if (const auto *Invoke = dyn_cast_or_null<CXXOperatorCallExpr>(P))
    return Invoke->getOperator() == OO_Call && Invoke->getArg(0) == Child;
  return libraryCallRunning(Lambda) != nullptr;
}

/// Standard algorithms that call a function object they are given only
/// before they return, and return nothing that holds it.
static bool isAlgorithmCallingOnlyInside(const FunctionDecl &Callee) {
  static const llvm::StringSet<> Names = {
      "find_if", "find_if_not", "any_of", "all_of", "none_of", "count_if", "remove_if",
      "remove_copy_if", "replace_if", "replace_copy_if", "copy_if", "partition",
      "stable_partition", "partition_point", "is_partitioned", "sort", "stable_sort",
      "partial_sort", "nth_element", "is_sorted", "is_sorted_until", "min_element",
      "max_element", "minmax_element", "adjacent_find", "unique", "unique_copy", "equal",
      "mismatch", "search", "find_first_of", "lower_bound", "upper_bound", "equal_range",
      "binary_search", "transform", "generate", "generate_n", "accumulate", "inner_product",
      "reduce", "transform_reduce", "for_each_n", "lexicographical_compare", "merge",
      "includes"};
  return Callee.isInStdNamespace() && Callee.getIdentifier() &&
         Names.contains(Callee.getName());
}

const FunctionDecl *LastUseAnalysis::libraryCallRunning(const LambdaExpr &Lambda) const {
  const auto [P, Child] = consumerOf(Lambda);
  const auto *Call = dyn_cast_or_null<CallExpr>(P);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || isa<CXXOperatorCallExpr>(Call) ||
      !isLibraryCode(*Callee, Ctx) ||
      llvm::find(Call->arguments(), Child) == Call->arguments().end())
    return nullptr;
  if (Callee->getName() == "parallel_for" || Callee->getName() == "parallel_reduce" ||
      isAlgorithmCallingOnlyInside(*Callee))
    return Callee;
  // std::for_each returns the function object: only when the result is
  // dropped does the closure die with the call.
  if (Callee->isInStdNamespace() && Callee->getName() == "for_each") {
    const Stmt *Statement = parent(*Call);
    while (isa_and_nonnull<CXXBindTemporaryExpr, ExprWithCleanups>(Statement))
      Statement = parent(*Statement);
    if (isa_and_nonnull<CompoundStmt>(Statement))
      return Callee;
  }
  return nullptr;
}

ArrayRef<const DeclRefExpr *> LastUseAnalysis::usesOf(const ValueDecl &Var) const {
  auto It = Uses.find(&Var);
  if (It == Uses.end())
    return {};
  return It->second;
}

const Expr &LastUseAnalysis::fullExpr(const Expr &E) const {
  const Expr *Full = &E;
  for (const Stmt *P = parent(E); P && isa<Expr>(P); P = parent(*P))
    Full = cast<Expr>(P);
  return *Full;
}

LastUseAnalysis::VariableFacts &LastUseAnalysis::factsOf(const ValueDecl &Var) {
  std::unique_ptr<VariableFacts> &Slot = Facts[&Var];
  if (Slot)
    return *Slot;
  Slot = std::make_unique<VariableFacts>();
  for (const DeclRefExpr *Use : usesOf(Var)) {
    if (isInLambdaBody(*Use))
      continue; // inside a lambda: its capture initialiser is the read
    const Expr &Full = fullExpr(*Use);
    Slot->FullExprOf[Use] = &Full;
    ++Slot->UsesInFullExpr[&Full];
    if (!escapes(*Use, *Slot))
      continue;
    // A capture by a lambda that runs right here and lets nothing out reads
    // the variable here and nowhere else.
    const auto *Lambda = dyn_cast_or_null<LambdaExpr>(parent(*Use));
    if (!Lambda || referenceCaptureOf(*Lambda, Var) != Use || !keepsCaptureInPlace(*Lambda, Var))
      Slot->Escaping.push_back(Use);
  }
  return *Slot;
}

const DeclRefExpr *LastUseAnalysis::referenceCaptureOf(const LambdaExpr &Lambda,
                                                       const ValueDecl &Var) {
  auto Init = Lambda.capture_init_begin();
  for (auto Capture = Lambda.capture_begin(); Capture != Lambda.capture_end(); ++Capture, ++Init)
    if (Capture->capturesVariable() && Capture->getCapturedVar() == &Var &&
        Capture->getCaptureKind() == LCK_ByRef)
      return *Init ? dyn_cast<DeclRefExpr>((*Init)->IgnoreImplicit()) : nullptr;
  return nullptr;
}

bool LastUseAnalysis::keepsCaptureInPlace(const LambdaExpr &Lambda, const ValueDecl &Var) {
  const CXXMethodDecl *Call = Lambda.getCallOperator();
  if (!Cache || !runsInPlace(Lambda) || !Call || !Call->hasBody())
    return false;
  // What the body returns goes to the caller, out of the body's sight
  // (`auto& r = [&]() -> at::Tensor& { return x; }();`): only a value that
  // cannot refer to anything keeps the capture in place.
  if (valueMayRefer(Call->getReturnType(), Ctx))
    return false;
  LastUseAnalysis &Body = Cache->of(*Call, Ctx);
  return Body.factsOf(Var).Escaping.empty() && !Body.hasEscapingCapture(Var);
}

bool LastUseAnalysis::hasEscapingCapture(const ValueDecl &Var) {
  if (!CapturedByReference.contains(&Var))
    return false;
  return llvm::any_of(OwnLambdas, [&](const LambdaExpr *Lambda) {
    return referenceCaptureOf(*Lambda, Var) && !keepsCaptureInPlace(*Lambda, Var);
  });
}

llvm::SmallVector<const LambdaExpr *, 2>
LastUseAnalysis::inPlaceLambdasAround(const DeclRefExpr &Use, std::string &WhyNot) const {
  llvm::SmallVector<const LambdaExpr *, 2> Around;
  if (!isInLambdaBody(Use)) {
    WhyNot = "it is not inside a lambda";
    return Around;
  }
  const ValueDecl &Var = *Use.getDecl();
  const Stmt *Child = &Use;
  for (const Stmt *P = parent(Use); P; Child = P, P = parent(*P)) {
    const auto *Lambda = dyn_cast<LambdaExpr>(P);
    if (!Lambda || Lambda->getBody() != Child)
      continue;
    const auto [Consumer, Closure] = consumerOf(*Lambda);
    const auto *Invoke = dyn_cast_or_null<CXXOperatorCallExpr>(Consumer);
    if (!Invoke || Invoke->getOperator() != OO_Call || Invoke->getArg(0) != Closure) {
      WhyNot = quoted(Var) + " is used in a lambda that is not invoked where it is written";
      return {};
    }
    if (Lambda->isGenericLambda() || !referenceCaptureOf(*Lambda, Var)) {
      WhyNot = quoted(Var) + " is captured by a lambda, not by reference";
      return {};
    }
    Around.insert(Around.begin(), Lambda);
  }
  return Around;
}

bool LastUseAnalysis::isLastUseThroughLambdas(const DeclRefExpr &Use, std::string &WhyNot) {
  const llvm::SmallVector<const LambdaExpr *, 2> Around = inPlaceLambdasAround(Use, WhyNot);
  if (Around.empty() || !Cache)
    return false;
  const ValueDecl &Var = *Use.getDecl();
  LastUseAnalysis *Level = this;
  for (const LambdaExpr *Lambda : Around) {
    const DeclRefExpr *Capture = referenceCaptureOf(*Lambda, Var);
    if (!Capture || !Level->isLastUse(*Capture, WhyNot))
      return false;
    Level = &Cache->of(*Lambda->getCallOperator(), Ctx);
  }
  return Level->isLastUse(Use, WhyNot);
}

namespace {

bool mentionsThis(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CXXThisExpr>(S))
    return true;
  return llvm::any_of(S->children(), [](const Stmt *Child) { return mentionsThis(Child); });
}

/// Whether constructing an object of class \p Record may have handed its
/// address to other code: a user class (not library code) with a
/// user-provided constructor, or a default member initialiser that names
/// `this` (`Registration r{this};`), in it or in any base or member.
bool constructionMayKeepThis(const CXXRecordDecl *Record, const ASTContext &Ctx,
                             unsigned Depth = 0) {
  if (!Record || !Record->hasDefinition() || Depth > 8)
    return false;
  Record = Record->getDefinition();
  if (isLibraryCode(*Record, Ctx))
    return false;
  if (llvm::any_of(Record->ctors(),
                   [](const CXXConstructorDecl *Ctor) { return Ctor->isUserProvided(); }))
    return true;
  for (const FieldDecl *Field : Record->fields()) {
    if (Field->hasInClassInitializer() && mentionsThis(Field->getInClassInitializer()))
      return true;
    if (constructionMayKeepThis(Field->getType()->getAsCXXRecordDecl(), Ctx, Depth + 1))
      return true;
  }
  return llvm::any_of(Record->bases(), [&](const CXXBaseSpecifier &Base) {
    return constructionMayKeepThis(Base.getType()->getAsCXXRecordDecl(), Ctx, Depth + 1);
  });
}

} // namespace

bool LastUseAnalysis::mayBeReachedByOtherCode(const ValueDecl &Var) {
  if (CapturedByReference.contains(&Var))
    return true;
  if (!Var.getType()->isReferenceType() &&
      constructionMayKeepThis(Var.getType()->getAsCXXRecordDecl(), Ctx))
    return true;
  for (const DeclRefExpr *Use : factsOf(Var).Escaping) {
    // `for (auto& e : v)` binds v to the loop's hidden range reference, which
    // only the loop uses: what may escape is the element the loop variable
    // refers to.
    const Stmt *Declaration = parent(*Use);
    while (isa_and_nonnull<ImplicitCastExpr, ParenExpr>(Declaration))
      Declaration = parent(*Declaration);
    const auto *Loop =
        dyn_cast_or_null<CXXForRangeStmt>(Declaration ? parent(*Declaration) : nullptr);
    if (!Loop || Loop->getRangeStmt() != Declaration || !Loop->getRangeInit() ||
        Loop->getRangeInit()->IgnoreParenImpCasts() != Use)
      return true;
    const VarDecl &Element = *Loop->getLoopVariable();
    if ((Element.getType()->isReferenceType() || mayBorrow(Element.getType())) &&
        mayBeReachedByOtherCode(Element))
      return true;
  }
  return false;
}

/// Whether \p Binding names an object that no other name reaches: one of a
/// decomposition declared by value (`auto [a, b] = f();`, not `auto& [..]`),
/// which then holds its own copy or result object, and a part of it rather
/// than something it refers to -- an owned element of a std::tuple, pair or
/// array (whose `get` on the hidden object hands out that element), or a
/// non-reference member or array element of an aggregate whose construction
/// cannot have handed its address to other code. Otherwise \p WhyNot says why.
static bool isOwnBinding(const BindingDecl &Binding, const ASTContext &Ctx,
                         std::string &WhyNot) {
  const std::string Name = quoted(Binding);
  const auto *Decomposition = dyn_cast_or_null<DecompositionDecl>(Binding.getDecomposedDecl());
  const QualType Type = Binding.getType();
  if (!Decomposition || Type.isNull() || Type->isDependentType() ||
      Decomposition->getType()->isDependentType()) {
    WhyNot = Name + " is a structured binding of a type not known yet";
    return false;
  }
  if (!Decomposition->hasLocalStorage()) {
    WhyNot = Name + " is a structured binding of a global or static object";
    return false;
  }
  if (Decomposition->getType()->isReferenceType()) {
    WhyNot = Name + " is a structured binding declared by reference: it names a part of "
                    "another object";
    return false;
  }
  if (Type->isReferenceType()) {
    WhyNot = Name + " is a structured binding to a reference";
    return false;
  }
  if (const VarDecl *Holding = Binding.getHoldingVar()) {
    // Tuple-like: `get<K>` decides what the binding names.
    const auto Bindings = Decomposition->bindings();
    const auto K = static_cast<uint64_t>(llvm::find(Bindings, &Binding) - Bindings.begin());
    const CXXRecordDecl *Record = Decomposition->getType()->getAsCXXRecordDecl();
    if (!Record || !Record->isInStdNamespace() ||
        !(isNamed(Record, "tuple") || isNamed(Record, "pair") || isNamed(Record, "array")) ||
        !Holding->getType()->isRValueReferenceType() ||
        !ownsElement(Decomposition->getType(), llvm::APSInt::getUnsigned(K))) {
      WhyNot = Name + " is a structured binding to what a user-defined 'get' returns";
      return false;
    }
    return true;
  }
  const Expr *Part = Binding.getBinding();
  if (!Part || !isa<MemberExpr, ArraySubscriptExpr>(Part->IgnoreImplicit())) {
    WhyNot = Name + " is a structured binding of an unknown kind";
    return false;
  }
  if (constructionMayKeepThis(Decomposition->getType()->getAsCXXRecordDecl(), Ctx)) {
    WhyNot = "the object " + Name + " is part of may be known to other code";
    return false;
  }
  return true;
}

bool LastUseAnalysis::isMovableVariable(const DeclRefExpr &Use, std::string &WhyNot) const {
  const auto *Binding = dyn_cast<BindingDecl>(Use.getDecl());
  const auto *Var = dyn_cast<VarDecl>(Use.getDecl());
  if (!Var && !Binding) {
    WhyNot = "it is not a variable";
    return false;
  }
  const ValueDecl &Named = *Use.getDecl();
  const std::string Name = quoted(Named);
  if (Binding && !isOwnBinding(*Binding, Ctx, WhyNot))
    return false;
  if (Var && isa<DecompositionDecl>(Var)) {
    WhyNot = Name + " is a structured binding";
    return false;
  }
  if (Var && !Var->hasLocalStorage()) {
    WhyNot = Name + " is a global or static variable";
    return false;
  }
  if (Var && Var->getType()->isReferenceType()) {
    WhyNot = Name + (isa<ParmVarDecl>(Var) ? " is a by-reference parameter" : " is a reference");
    return false;
  }
  if (Named.getType().isConstQualified() || Named.getType().isVolatileQualified()) {
    WhyNot = Name + " is const or volatile";
    return false;
  }
  if (Named.getParentFunctionOrMethod() != static_cast<const DeclContext *>(&Function)) {
    WhyNot = Name + " is captured by a lambda";
    return false;
  }
  return !isInLambdaBody(Use) || !inPlaceLambdasAround(Use, WhyNot).empty();
}

bool LastUseAnalysis::isLastUseOfHandedOverObject(const DeclRefExpr &Use, std::string &WhyNot) {
  const auto *Param = dyn_cast<ParmVarDecl>(Use.getDecl());
  if (!Param || !Param->getType()->isRValueReferenceType() ||
      Param->getType().getNonReferenceType().isConstQualified() ||
      Param->getType().getNonReferenceType().isVolatileQualified() ||
      Use.refersToEnclosingVariableOrCapture()) {
    WhyNot = "it is not a parameter taken by non-const rvalue reference";
    return false;
  }
  // A name kept for the object may be read by the caller after the return,
  // where no closed tail helps.
  if (CapturedByReference.contains(Param) || !factsOf(*Param).Escaping.empty()) {
    WhyNot = "a reference or pointer to the object " + quoted(*Param) + " refers to is taken";
    return false;
  }
  if (!isLastUse(Use, WhyNot))
    return false;
  if (HasGoto ||
      !isInClosedTail(Use, Function, [this](const Stmt &S) { return parent(S); }, Ctx)) {
    WhyNot = "code after the use may read the object " + quoted(*Param) + " refers to";
    return false;
  }
  // Anything but a plain number may lead to the caller's object: a
  // reference, a pointer, a view, a smart pointer, a handle whose payload
  // holds it.
  auto isPlainNumber = [](QualType T) { return T->isArithmeticType() || T->isEnumeralType(); };
  for (const ParmVarDecl *Other : Function.parameters())
    if (Other != Param && !isPlainNumber(Other->getType())) {
      WhyNot = quoted(*Other) + " may refer to the object " + quoted(*Param) + " refers to";
      return false;
    }
  for (const auto &[Named, VarUses] : Uses) {
    const auto *Var = dyn_cast<VarDecl>(Named);
    if (Var && Var->hasGlobalStorage() && !VarUses.empty() && !isPlainNumber(Var->getType())) {
      WhyNot = quoted(*Var) + " may refer to the object " + quoted(*Param) + " refers to";
      return false;
    }
  }
  struct ThisFinder {
    static bool in(const Stmt *S) {
      if (!S)
        return false;
      if (isa<CXXThisExpr>(S))
        return true;
      for (const Stmt *Child : S->children())
        if (in(Child))
          return true;
      return false;
    }
  };
  if (ThisFinder::in(Function.getBody())) {
    WhyNot = "the object's members may refer to the object " + quoted(*Param) + " refers to";
    return false;
  }
  return true;
}

bool LastUseAnalysis::escapes(const DeclRefExpr &Use, VariableFacts &Facts,
                              unsigned Depth) const {
  llvm::SmallVector<const VarDecl *, 1> BoundTo;
  if (referenceMayEscapeExceptInto(Use, [this](const Stmt &S) { return parent(S); }, Ctx,
                                   BoundTo))
    return true;
  return !llvm::all_of(BoundTo,
                       [&](const VarDecl *Alias) { return followAlias(*Alias, Facts, Depth); });
}

bool LastUseAnalysis::followAlias(const VarDecl &Alias, VariableFacts &Facts,
                                  unsigned Depth) const {
  // An accessor's row bound to another local is two deep; deeper chains are
  // rare enough to give up on.
  constexpr unsigned MaxAliasDepth = 3;
  if (Depth >= MaxAliasDepth ||
      Alias.getParentFunctionOrMethod() != static_cast<const DeclContext *>(&Function) ||
      CapturedByReference.contains(&Alias))
    return false;
  for (const DeclRefExpr *Use : usesOf(Alias)) {
    // Inside a lambda the alias is a captured copy, which may outlive the move.
    if (Use->refersToEnclosingVariableOrCapture())
      return false;
    Facts.AliasUses.push_back(Use);
    if (escapes(*Use, Facts, Depth + 1))
      return false;
  }
  return true;
}

bool LastUseAnalysis::mayRunAfter(const Stmt &From, const Stmt &To) {
  if (!buildGraph())
    return true;
  auto F = Positions.find(&From);
  auto T = Positions.find(&To);
  if (F == Positions.end() || T == Positions.end())
    return true;
  if (F->second.Block == T->second.Block && F->second.Index < T->second.Index)
    return true;
  llvm::SmallVector<const CFGBlock *, 16> Worklist{F->second.Block};
  llvm::BitVector Seen(Graph->getNumBlockIDs());
  while (!Worklist.empty()) {
    const CFGBlock *Block = Worklist.pop_back_val();
    for (const CFGBlock::AdjacentBlock &Succ : Block->succs()) {
      const CFGBlock *Next = Succ.getReachableBlock();
      if (!Next || Seen.test(Next->getBlockID()))
        continue;
      if (Next == T->second.Block)
        return true;
      Seen.set(Next->getBlockID());
      Worklist.push_back(Next);
    }
  }
  return false;
}

bool LastUseAnalysis::isInTryBlockOutlivedBy(const DeclRefExpr &Use, const ValueDecl &Var) {
  auto Declaration = DeclaredBy.find(&Var);
  auto declaredWithin = [&](const Stmt &Outer) {
    return Declaration != DeclaredBy.end() && // not a parameter
           isInside(*Declaration->second, Outer);
  };
  // A function-try-block's handlers see the parameters, and the member
  // initialisers are inside it.
  if (isa<ParmVarDecl>(Var) && isa_and_nonnull<CXXTryStmt>(Function.getBody()))
    return true;
  auto handlerMaySee = [&](const CXXTryStmt &Try) {
    const VariableFacts &Facts = factsOf(Var);
    if (HasGoto || CapturedByReference.contains(&Var) || !Facts.Escaping.empty() ||
        !Facts.AliasUses.empty())
      return true;
    for (unsigned I = 0; I < Try.getNumHandlers(); ++I)
      if (llvm::any_of(usesOf(Var), [&](const DeclRefExpr *U) {
            return isInside(*U, *Try.getHandler(I));
          }))
        return true;
    // A handler that completes goes on after the try statement, which the
    // normal path may never reach (`try { f(x); return; } catch (...) {}
    // use(x);`): no use may follow it, and no loop may bring it back.
    for (const Stmt *S = parent(Try); S && !declaredWithin(*S); S = parent(*S))
      if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
        return true;
    const SourceManager &SM = Ctx.getSourceManager();
    return llvm::any_of(usesOf(Var), [&](const DeclRefExpr *U) {
      return SM.isBeforeInTranslationUnit(Try.getEndLoc(), U->getBeginLoc());
    });
  };
  const Stmt *Child = &Use;
  for (const Stmt *P = parent(Use); P; Child = P, P = parent(*P))
    if (const auto *Try = dyn_cast<CXXTryStmt>(P);
        Try && Try->getTryBlock() == Child && !declaredWithin(*Try->getTryBlock()) &&
        handlerMaySee(*Try))
      return true;
  return false;
}

bool LastUseAnalysis::buildGraph() {
  if (GraphBuilt)
    return Graph != nullptr;
  GraphBuilt = true;
  CFG::BuildOptions Options;
  Options.AddInitializers = true;
  Options.AddCXXDefaultInitExprInCtors = true;
  // Every expression becomes an element, so that a use's position within its
  // block is known, not just its statement's.
  Options.setAllAlwaysAdd();
  Graph = CFG::buildCFG(&Function, Function.getBody(), &Ctx, Options);
  if (!Graph)
    return false;
  for (const CFGBlock *Block : *Graph) {
    unsigned Index = 0;
    for (const CFGElement &Element : *Block) {
      if (auto S = Element.getAs<CFGStmt>()) {
        Positions.try_emplace(S->getStmt(), Position{Block, Index});
        // Multi-variable declarations are split into synthetic DeclStmts.
        if (const auto *Declaration = dyn_cast<DeclStmt>(S->getStmt()))
          for (const Decl *D : Declaration->decls())
            if (const auto *Var = dyn_cast<VarDecl>(D)) {
              Declarations[Var].push_back(Position{Block, Index});
              if (const auto *Decomposition = dyn_cast<DecompositionDecl>(Var))
                for (const BindingDecl *Binding : Decomposition->bindings())
                  Declarations[Binding].push_back(Position{Block, Index});
            }
      }
      ++Index;
    }
  }
  return true;
}

/// `x = ...` with \p Use as `x`: the variable gets a new value there.
static const Expr *reinitialisingAssignment(const DeclRefExpr &Use, const ParentMap &Parents) {
  const Stmt *Child = &Use;
  const Stmt *P = Parents.getParent(Child);
  while (isa_and_nonnull<ParenExpr>(P)) {
    Child = P;
    P = Parents.getParent(P);
  }
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P);
      Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 && Op->getArg(0) == Child)
    return Op;
  if (const auto *Binary = dyn_cast_or_null<BinaryOperator>(P);
      Binary && Binary->getOpcode() == BO_Assign && Binary->getLHS() == Child)
    return Binary;
  return nullptr;
}

void LastUseAnalysis::buildEvents(const ValueDecl &Var, VariableFacts &Facts) {
  Facts.EventsBuilt = true;
  Facts.ReadFreeFrom.resize(Graph->getNumBlockIDs());
  // False (the events unknown) when \p At is not on the graph.
  auto add = [&](const Stmt &At, bool Kills, bool ThroughAlias, const DeclRefExpr *Use) {
    auto It = Positions.find(&At);
    if (It == Positions.end()) {
      Facts.EventsUnknown = std::string("a use of ") +
                            (ThroughAlias ? "a reference, pointer or view into " : "") +
                            quoted(Var) + " is not on the function's control-flow graph";
      Facts.Events.clear();
      return false;
    }
    Facts.Events[It->second.Block].push_back({It->second.Index, Kills, ThroughAlias, Use});
    return true;
  };
  for (const auto &Entry : Facts.FullExprOf) {
    const DeclRefExpr *Use = Entry.first;
    const Expr *Assignment = reinitialisingAssignment(*Use, Parents);
    const Expr *At = Assignment ? Assignment : Use;
    if (!add(*At, Assignment != nullptr, false, Use))
      return;
  }
  for (const DeclRefExpr *Use : Facts.AliasUses)
    if (!add(*Use, false, true, Use))
      return;
  for (const Position &P : Declarations.lookup(&Var))
    Facts.Events[P.Block].push_back({P.Index, true, false, nullptr});
  for (auto &Entry : Facts.Events)
    llvm::sort(Entry.second, [](const Event &A, const Event &B) { return A.Index < B.Index; });
}

bool LastUseAnalysis::isReadLater(const DeclRefExpr &Use, const ValueDecl &Var,
                                  VariableFacts &Facts, std::string &WhyNot,
                                  llvm::function_ref<bool(const DeclRefExpr &)> Ignored) {
  if (!buildGraph()) {
    WhyNot = "the control-flow graph of the function could not be built";
    return true;
  }
  auto Start = Positions.find(&Use);
  if (Start == Positions.end()) {
    WhyNot = "the copy is not on the function's control-flow graph";
    return true;
  }
  if (!Facts.EventsBuilt)
    buildEvents(Var, Facts);
  if (!Facts.EventsUnknown.empty()) {
    WhyNot = Facts.EventsUnknown;
    return true;
  }

  enum class FirstEvent : std::uint8_t { None, Read, ReadThroughAlias, Killed };
  // The first event at or after \p From in \p Block.
  auto firstEvent = [&](const CFGBlock *Block, unsigned From) {
    auto It = Facts.Events.find(Block);
    if (It == Facts.Events.end())
      return FirstEvent::None;
    const auto *E = llvm::partition_point(It->second,
                                          [From](const Event &Ev) { return Ev.Index < From; });
    while (E != It->second.end() && Ignored && !E->Kills && E->Use && Ignored(*E->Use))
      ++E;
    if (E == It->second.end())
      return FirstEvent::None;
    if (E->Kills)
      return FirstEvent::Killed;
    return E->ThroughAlias ? FirstEvent::ReadThroughAlias : FirstEvent::Read;
  };
  auto throughAlias = [&](const char *Where) {
    return "a reference, pointer or view into " + quoted(Var) + " taken earlier is used again" +
           Where;
  };

  // Blocks known to reach no read of the variable (an earlier question
  // explored them) are not entered again.
  llvm::SmallVector<const CFGBlock *, 16> Worklist;
  llvm::BitVector Seen(Graph->getNumBlockIDs());
  auto pushSuccessors = [&](const CFGBlock *Block) {
    for (const CFGBlock::AdjacentBlock &Succ : Block->succs()) {
      const CFGBlock *Next = Succ.getReachableBlock();
      if (!Next || Seen.test(Next->getBlockID()) ||
          (!Ignored && Facts.ReadFreeFrom.test(Next->getBlockID())))
        continue;
      Seen.set(Next->getBlockID());
      Worklist.push_back(Next);
    }
  };
  const Position From = Start->second;
  switch (firstEvent(From.Block, From.Index + 1)) {
  case FirstEvent::Read:
    WhyNot = quoted(Var) + " is used again later";
    return true;
  case FirstEvent::ReadThroughAlias:
    WhyNot = throughAlias(" later");
    return true;
  case FirstEvent::Killed:
    return false;
  case FirstEvent::None:
    pushSuccessors(From.Block);
  }
  while (!Worklist.empty()) {
    const CFGBlock *Block = Worklist.pop_back_val();
    switch (firstEvent(Block, 0)) {
    case FirstEvent::Read:
      WhyNot = Block == From.Block ? quoted(Var) + " is used again in the next iteration of a loop"
                                   : quoted(Var) + " is used again on a later path";
      return true;
    case FirstEvent::ReadThroughAlias:
      WhyNot = throughAlias(Block == From.Block ? " in the next iteration of a loop"
                                                : " on a later path");
      return true;
    case FirstEvent::Killed:
      continue;
    case FirstEvent::None:
      pushSuccessors(Block);
    }
  }
  // Every block explored reaches no read: it kills the variable first, or
  // all its successors were explored too.
  if (!Ignored)
    Facts.ReadFreeFrom |= Seen;
  return false;
}

bool LastUseAnalysis::onlyAssignedAfter(const DeclRefExpr &Use, const ValueDecl &Var,
                                        const Expr &Full) const {
  // C++17 sequences the right operand of an assignment before the left one,
  // also for an overloaded operator=; C++14 does not.
  if (!Ctx.getLangOpts().CPlusPlus17)
    return false;
  for (const DeclRefExpr *Other : usesOf(Var)) {
    if (Other == &Use || isInLambdaBody(*Other) || &fullExpr(*Other) != &Full)
      continue;
    const Expr *Assignment = reinitialisingAssignment(*Other, Parents);
    if (!Assignment)
      return false;
    const Expr *RHS = isa<BinaryOperator>(Assignment) ? cast<BinaryOperator>(Assignment)->getRHS()
                                                      : cast<CXXOperatorCallExpr>(Assignment)->getArg(1);
    // The value assigned must be a new object made from the moved one, not
    // the variable itself: `x = x` or `x = c ? x : y` would become a
    // self-move-assignment (which empties a std::vector), and a call that
    // returns a reference may hand back its argument. So the first call or
    // construction above \p Use, inside the right side, must yield a prvalue.
    const Stmt *Maker = nullptr;
    bool InRHS = false;
    for (const Stmt *S = parent(Use); S && !InRHS; S = parent(*S)) {
      if (!Maker && isa<CallExpr, CXXConstructExpr>(S))
        Maker = S;
      InRHS = S == RHS;
    }
    if (!InRHS || !Maker ||
        !(isa<CXXConstructExpr>(Maker) || cast<CallExpr>(Maker)->isPRValue()))
      return false;
  }
  return true;
}

bool LastUseAnalysis::isLastUse(const DeclRefExpr &Use, std::string &WhyNot) {
  if (isInLambdaBody(Use))
    return isLastUseThroughLambdas(Use, WhyNot);
  const ValueDecl &Var = *Use.getDecl();
  VariableFacts &Facts = factsOf(Var);
  const Expr &Full = fullExpr(Use);
  const unsigned Others = Facts.UsesInFullExpr.lookup(&Full) - (Facts.FullExprOf.count(&Use) ? 1 : 0);
  if (Others > 0 && !onlyAssignedAfter(Use, Var, Full)) {
    WhyNot = quoted(Var) +
             " is used elsewhere in the same expression, which may be evaluated after the move";
    return false;
  }
  // Whatever kept a name for the variable, nothing reads it after a move
  // in a closed tail (utils/ReturnTail).
  // (Only for the function's own variable: a lambda's caller goes on after
  // the lambda returns.)
  std::optional<bool> ClosedTail;
  auto inClosedTail = [&] {
    if (!ClosedTail)
      ClosedTail =
          !HasGoto &&
          Var.getParentFunctionOrMethod() == static_cast<const DeclContext *>(&Function) &&
          isInClosedTail(Use, Function, [this](const Stmt &S) { return parent(S); }, Ctx);
    return *ClosedTail;
  };
  if (hasEscapingCapture(Var) &&
      (CapturedByLambdaRunLater.contains(&Var) || !inClosedTail())) {
    WhyNot = quoted(Var) + " is captured by reference in a lambda";
    return false;
  }
  // A reference taken where it cannot exist when the variable is moved (on
  // another path, or only after the move) reads nothing moved-from.
  if (llvm::any_of(Facts.Escaping,
                   [&](const DeclRefExpr *E) { return E != &Use && mayRunAfter(*E, Use); }) &&
      !inClosedTail()) {
    WhyNot = "a reference or pointer to " + quoted(Var) + " is taken elsewhere in the function";
    return false;
  }
  // The operands of one expression may be evaluated in any order.
  if (llvm::any_of(Facts.AliasUses,
                   [&](const DeclRefExpr *Alias) { return &fullExpr(*Alias) == &Full; })) {
    WhyNot = "a reference, pointer or view into " + quoted(Var) +
             " is used in the same expression, which may be evaluated after the move";
    return false;
  }
  if (isInTryBlockOutlivedBy(Use, Var)) {
    WhyNot = "the copy is in a try block that " + quoted(Var) +
             " outlives: a handler could see it moved-from";
    return false;
  }
  return !isReadLater(Use, Var, Facts, WhyNot);
}

bool LastUseAnalysis::isLastReadOfRangeElement(const DeclRefExpr &Use, const VarDecl *&Container,
                                               std::string &WhyNot) {
  Container = nullptr;
  const auto *Element = dyn_cast<VarDecl>(Use.getDecl());
  const DeclStmt *Declaration = Element ? DeclaredBy.lookup(Element) : nullptr;
  const auto *Loop = dyn_cast_or_null<CXXForRangeStmt>(Declaration ? parent(*Declaration) : nullptr);
  if (!Element || !Element->isCXXForRangeDecl() || !Element->getType()->isLValueReferenceType() ||
      !Loop || Loop->getLoopVarStmt() != Declaration || !Loop->getRangeInit()) {
    WhyNot = "it is not the variable of a range-for loop that refers to the elements";
    return false;
  }
  const Expr *Range = Loop->getRangeInit()->IgnoreParenImpCasts();
  const auto *RangeUse = dyn_cast<DeclRefExpr>(Range);
  const auto *RangeVar = RangeUse ? dyn_cast<VarDecl>(RangeUse->getDecl()) : nullptr;
  if (!isOwningSequence(Range->getType()) || Range->getType().isConstQualified()) {
    WhyNot = "the loop does not run over a std::vector, deque or array it may change";
    return false;
  }
  if (RangeVar) {
    const std::string Name = quoted(*RangeVar);
    if (!RangeVar->hasLocalStorage() || RangeVar->getType()->isReferenceType() ||
        RangeVar->getParentFunctionOrMethod() != static_cast<const DeclContext *>(&Function) ||
        RangeUse->refersToEnclosingVariableOrCapture()) {
      WhyNot = Name + " is not a local variable or by-value parameter of the function";
      return false;
    }
    if (HasGoto || mayBeReachedByOtherCode(*RangeVar)) {
      WhyNot = "other code may read " + Name + " after the loop";
      return false;
    }
    VariableFacts &Facts = factsOf(*RangeVar);
    for (const DeclRefExpr *Other : usesOf(*RangeVar))
      if (Other != RangeUse && (isInLambdaBody(*Other) || mayRunAfter(*RangeUse, *Other))) {
        WhyNot = Name + " is used again once the loop has begun";
        return false;
      }
    // The loop's own hidden range, iterators and variable refer into the
    // container to walk it; any other name for it must be done with.
    auto declaredBy = [](const DeclStmt *S) { return S ? S->getSingleDecl() : nullptr; };
    const Decl *LoopOwn[] = {Element, declaredBy(Loop->getRangeStmt()),
                             declaredBy(Loop->getBeginStmt()), declaredBy(Loop->getEndStmt())};
    for (const DeclRefExpr *Alias : Facts.AliasUses)
      if (!llvm::is_contained(LoopOwn, Alias->getDecl()) && mayRunAfter(*RangeUse, *Alias)) {
        WhyNot = "a reference, pointer or view into " + Name + " is used once the loop has begun";
        return false;
      }
    if (runsAgainWhileAlive(*Loop, *RangeVar)) {
      WhyNot = "the loop runs again inside another loop that " + Name + " outlives";
      return false;
    }
    if (isInTryBlockOutlivedBy(*RangeUse, *RangeVar)) {
      WhyNot = "the loop is in a try block that " + Name +
               " outlives: a handler could see an element moved-from";
      return false;
    }
    Container = RangeVar;
  } else if (!Loop->getRangeInit()->IgnoreImplicit()->isPRValue()) {
    WhyNot = "the loop's range is neither a local container nor a temporary";
    return false;
  }
  return isLastUse(Use, WhyNot);
}

} // namespace clang::tidy::c10::utils

namespace clang::tidy::c10::utils {

QualType optionalObjectType(QualType Type) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Type.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !isNamed(Spec, "optional") ||
      !(Spec->isInStdNamespace() || isInTopLevelNamespace(*Spec, "c10")))
    return QualType();
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() != 1 || Args[0].getKind() != TemplateArgument::Type ||
      Args[0].getAsType()->isReferenceType())
    return QualType();
  return Args[0].getAsType();
}

/// Whether element \p K of the tuple, pair or array \p Type is an object the
/// container owns: not a reference (`std::tie`'s tuple, `at::max_out`'s
/// `std::tuple<Tensor&, Tensor&>`), which names an object of someone else's.
static bool ownsElement(QualType Type, const llvm::APSInt &K) {
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(Type->getAsCXXRecordDecl());
  if (!Spec)
    return false;
  if (isNamed(Spec, "array"))
    return true; // an array of references is ill-formed
  ArrayRef<TemplateArgument> Args = Spec->getTemplateArgs().asArray();
  if (Args.size() == 1 && Args[0].getKind() == TemplateArgument::Pack)
    Args = Args[0].getPackAsArray(); // std::tuple<Types...>
  const std::optional<uint64_t> Index = K.tryZExtValue();
  return Index && *Index < Args.size() && Args[*Index].getKind() == TemplateArgument::Type &&
         !Args[*Index].getAsType()->isReferenceType();
}

/// Which element of a `std::pair` object \p S names as a member (`p.first`,
/// not `p->first`): 0 for `first`, 1 for `second`; none for any other
/// expression, member or class.
static std::optional<unsigned> pairMemberIndex(const Stmt *S) {
  const auto *Member = dyn_cast_or_null<MemberExpr>(S);
  if (!Member || Member->isArrow())
    return std::nullopt;
  const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
  const RecordDecl *Pair = Field ? Field->getParent() : nullptr;
  if (!Pair || !isNamed(Pair, "pair") || !Pair->isInStdNamespace())
    return std::nullopt;
  if (isNamed(Field, "first"))
    return 0;
  if (isNamed(Field, "second"))
    return 1;
  return std::nullopt;
}

std::pair<const Stmt *, const Stmt *> LastUseAnalysis::parentPastParens(const Expr &E) const {
  const Stmt *Child = &E;
  const Stmt *P = parent(E);
  while (isa_and_nonnull<ParenExpr>(P) ||
         (isa_and_nonnull<ImplicitCastExpr>(P) &&
          cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp)) {
    Child = P;
    P = parent(*P);
  }
  return {P, Child};
}

ElementAccess LastUseAnalysis::indexedElement(const Expr &Container, bool ThroughArrow) const {
  ElementAccess Result;
  const auto [P, Child] = parentPastParens(Container);
  if (const auto *Subscript = dyn_cast_or_null<CXXOperatorCallExpr>(P);
      !ThroughArrow && Subscript && Subscript->getOperator() == OO_Subscript &&
      Subscript->getNumArgs() == 2 && Subscript->getArg(0) == Child) {
    Result.Access = Subscript;
    Result.Index = Subscript->getArg(1);
  } else if (const auto *Member = dyn_cast_or_null<MemberExpr>(P);
             Member && Member->isArrow() == ThroughArrow && Member->getMemberDecl()->getIdentifier() &&
             Member->getMemberDecl()->getName() == "at") {
    const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(parent(*Member));
    if (Call && Call->getCallee() == Member && Call->getNumArgs() == 1) {
      Result.Access = Call;
      Result.Index = Call->getArg(0);
    }
  }
  if (Result.Index && !Result.Index->isValueDependent())
    Result.Constant = Result.Index->getIntegerConstantExpr(Ctx);
  return Result;
}

ElementAccess LastUseAnalysis::elementAccess(const DeclRefExpr &ContainerUse) const {
  ElementAccess Result = indexedElement(ContainerUse, /*ThroughArrow=*/false);
  if (Result.Access)
    return Result;
  const auto [P, Child] = parentPastParens(ContainerUse);
  if (const std::optional<unsigned> PairIndex = pairMemberIndex(P)) {
    // `p.first` or `p.second` of a pair: element 0 or 1, as `std::get<K>(p)`.
    const llvm::APSInt K = llvm::APSInt::getUnsigned(*PairIndex);
    if (ownsElement(ContainerUse.getType(), K)) {
      Result.Access = cast<MemberExpr>(P);
      Result.Constant = K;
    }
  } else if (!optionalObjectType(ContainerUse.getType()).isNull()) {
    // An optional's value (`*o`, `o.value()`): its one element, at index 0.
    const auto *Deref = dyn_cast_or_null<CXXOperatorCallExpr>(P);
    const auto *Member = dyn_cast_or_null<MemberExpr>(P);
    const auto *Call = Member ? dyn_cast_or_null<CXXMemberCallExpr>(parent(*Member)) : nullptr;
    if (Deref && Deref->getOperator() == OO_Star && Deref->getNumArgs() == 1 &&
        Deref->getArg(0) == Child)
      Result.Access = Deref;
    else if (Call && Call->getCallee() == Member && !Member->isArrow() &&
             isNamed(Member->getMemberDecl(), "value") && Call->getNumArgs() == 0)
      Result.Access = Call;
    // The value of an optional that holds a sequence container (`(*o)[i]`,
    // `o->at(i)`, `o.value().at(i)`) is indexed like the optional itself:
    // the optional owns the container, which owns its elements. (A handle's
    // own `operator[]` makes a new object from the one value.)
    const bool HoldsSequence = isOwningSequence(optionalObjectType(ContainerUse.getType()));
    if (HoldsSequence && Deref && Deref->getOperator() == OO_Arrow &&
        Deref->getNumArgs() == 1 && Deref->getArg(0) == Child)
      return indexedElement(*Deref, /*ThroughArrow=*/true);
    if (Result.Access) {
      if (const ElementAccess Inner = indexedElement(*Result.Access, /*ThroughArrow=*/false);
          HoldsSequence && Inner.Access)
        return Inner;
      Result.Constant = llvm::APSInt::getUnsigned(0);
      Result.OptionalValue = true;
    }
  } else if (const auto *Call = dyn_cast_or_null<CallExpr>(P);
             Call && !isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call) &&
             Call->getNumArgs() == 1 && Call->getArg(0) == Child) {
    // `std::get<K>(c)` of a tuple, pair or array: element K, named by a
    // template argument rather than an index expression.
    const FunctionDecl *Callee = Call->getDirectCallee();
    const TemplateArgumentList *Args =
        Callee && isNamed(Callee, "get") && Callee->isInStdNamespace()
            ? Callee->getTemplateSpecializationArgs()
            : nullptr;
    if (Args && Args->size() > 0 && Args->get(0).getKind() == TemplateArgument::Integral &&
        ownsElement(ContainerUse.getType(), Args->get(0).getAsIntegral())) {
      Result.Access = Call;
      Result.Constant = Args->get(0).getAsIntegral();
    }
  }
  return Result;
}

const ForStmt *LastUseAnalysis::countedLoopOf(const Expr &Index, const Expr &Access) const {
  const auto *Ref = dyn_cast<DeclRefExpr>(Index.IgnoreParenImpCasts());
  const auto *Counter = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  // Narrower counters wrap around within a loop a container can need.
  if (!Counter || !Counter->hasLocalStorage() || !Counter->getType()->isIntegerType() ||
      Ctx.getTypeSize(Counter->getType()) < 32 || CapturedByReference.contains(Counter))
    return nullptr;
  // The innermost loop around the access must be the counter's `for`, with
  // no lambda between: one read per iteration.
  const ForStmt *Loop = nullptr;
  for (const Stmt *S = parent(Access); S && !Loop; S = parent(*S)) {
    if (isa<LambdaExpr, WhileStmt, DoStmt, CXXForRangeStmt>(S))
      return nullptr;
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      if (For->getBody() == nullptr || !isInside(Access, *For->getBody()))
        return nullptr;
      Loop = For;
    }
  }
  const auto *Init = Loop ? dyn_cast_or_null<DeclStmt>(Loop->getInit()) : nullptr;
  if (!Init || !Init->isSingleDecl() || Init->getSingleDecl() != Counter)
    return nullptr;
  // Stepped by one in the increment, and only read everywhere else.
  const auto *Step = dyn_cast_or_null<UnaryOperator>(Loop->getInc());
  const auto *Stepped = Step ? dyn_cast<DeclRefExpr>(Step->getSubExpr()->IgnoreParens()) : nullptr;
  if (!Step || !Step->isIncrementDecrementOp() || !Stepped || Stepped->getDecl() != Counter)
    return nullptr;
  for (const DeclRefExpr *Use : usesOf(*Counter)) {
    if (Use == Stepped)
      continue;
    const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(parent(*Use));
    if (!Read || Read->getCastKind() != CK_LValueToRValue)
      return nullptr;
  }
  return Loop;
}

bool LastUseAnalysis::runsAgainWhileAlive(const Stmt &Loop, const ValueDecl &Var) const {
  const DeclStmt *Declaration = DeclaredBy.lookup(&Var);
  for (const Stmt *S = parent(Loop); S; S = parent(*S)) {
    if (Declaration && isInside(*Declaration, *S))
      return false;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
      return true;
  }
  return false;
}

bool LastUseAnalysis::isInside(const Stmt &S, const Stmt &Outer) const {
  for (const Stmt *P = &S; P; P = parent(*P))
    if (P == &Outer)
      return true;
  return false;
}

bool LastUseAnalysis::isLastReadOfElement(const DeclRefExpr &ContainerUse, std::string &WhyNot) {
  if (!isMovableVariable(ContainerUse, WhyNot))
    return false;
  const ElementAccess Element = elementAccess(ContainerUse);
  const ForStmt *Loop =
      Element.Index && !Element.Constant ? countedLoopOf(*Element.Index, *Element.Access)
                                         : nullptr;
  if (!Element.Constant && !Loop) {
    WhyNot = "the element's index is neither a constant nor the counter of the loop around it";
    return false;
  }
  const ValueDecl &Var = *ContainerUse.getDecl();
  const std::string Name = quoted(Var);
  VariableFacts &Facts = factsOf(Var);
  if (CapturedByReference.contains(&Var) ||
      llvm::any_of(usesOf(Var), [](const DeclRefExpr *U) {
        return U->refersToEnclosingVariableOrCapture();
      })) {
    WhyNot = Name + " is named in a lambda";
    return false;
  }
  if (!Facts.Escaping.empty() || !Facts.AliasUses.empty()) {
    WhyNot = "a reference, pointer or view into " + Name + " is taken in the function";
    return false;
  }
  // Other elements at other constant indices may be read in the same
  // expression (`std::make_tuple(c[0], c[1])`): whatever their order of
  // evaluation, none of them is this element.
  const Expr &Full = fullExpr(ContainerUse);
  auto isOtherConstantElement = [&](const DeclRefExpr *U) {
    if (U == &ContainerUse || &fullExpr(*U) != &Full)
      return true;
    const ElementAccess Other = elementAccess(*U);
    return Element.Constant && Other.Access && Other.Constant &&
           llvm::APSInt::compareValues(*Other.Constant, *Element.Constant) != 0;
  };
  if (Facts.UsesInFullExpr.lookup(&Full) != 1 &&
      !llvm::all_of(usesOf(Var), isOtherConstantElement)) {
    WhyNot = Name + " is used elsewhere in the same expression, which may be evaluated after "
                    "the move";
    return false;
  }
  if (isInTryBlockOutlivedBy(ContainerUse, Var)) {
    WhyNot = "the copy is in a try block that " + Name +
             " outlives: a handler could see the element moved-from";
    return false;
  }
  // In a counted loop the access reads another element in every iteration:
  // it must be the loop's only use of the container, and the loop must not
  // run again while the container lives (an outer loop the container
  // outlives, a goto back), which would read every element again.
  if (Loop) {
    if (llvm::any_of(usesOf(Var), [&](const DeclRefExpr *U) {
          return U != &ContainerUse && isInside(*U, *Loop);
        })) {
      WhyNot = Name + " is used elsewhere in the loop";
      return false;
    }
    if (HasGoto) {
      WhyNot = "a goto could run the loop again";
      return false;
    }
    if (runsAgainWhileAlive(*Loop, Var)) {
      WhyNot = "the loop runs again inside another loop that " + Name + " outlives";
      return false;
    }
  }
  auto readsAnotherElement = [&](const DeclRefExpr &Other) {
    if (&Other == &ContainerUse)
      return Loop != nullptr;
    const ElementAccess OtherElement = elementAccess(Other);
    return Element.Constant && OtherElement.Constant &&
           llvm::APSInt::compareValues(*OtherElement.Constant, *Element.Constant) != 0;
  };
  if (isReadLater(ContainerUse, Var, Facts, WhyNot, readsAnotherElement)) {
    WhyNot = "the element may be read again: " + WhyNot;
    return false;
  }
  return true;
}

} // namespace clang::tidy::c10::utils
