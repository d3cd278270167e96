//===- AliasWrites.cpp ----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/AliasWrites.h"
#include "utils/PlainReads.h"
#include "utils/ReferenceEscape.h"
#include "utils/StdCasts.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::c10::utils {

namespace {

/// How many user functions deep a call is looked into before it counts as
/// code the analysis cannot see.
constexpr unsigned MaxCalleeDepth = 2;

/// How many statements one question may look at.
constexpr unsigned MaxVisitedNodes = 1500;

QualType storageType(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  return T.getCanonicalType().getUnqualifiedType();
}

/// Whether \p D lies anywhere inside namespace c10 (`c10::IValue::Payload`,
/// `c10::ivalue::Tuple`).
bool isInsideC10(const Decl &D) {
  for (const DeclContext *DC = D.getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && isa<TranslationUnitDecl>(NS->getParent()))
      return NS->getIdentifier() && NS->getName() == "c10";
  return false;
}

/// A handle whose non-const operations change storage that every copy of the
/// handle shares: writing through one is writing through all.
bool isSharedHandle(QualType T) {
  const auto *Record = T->getAsCXXRecordDecl();
  if (!Record || !Record->getIdentifier())
    return false;
  const StringRef Name = Record->getName();
  if (Name != "List" && Name != "Dict" && Name != "ListElementReference" &&
      Name != "DictEntryRef")
    return false;
  return isInsideC10(*Record);
}

/// Members of c10::List / c10::Dict (and their element references) that
/// change what every handle sharing the storage sees, const or not.
bool changesSharedStorage(const CXXMethodDecl &Method) {
  if (Method.isCopyAssignmentOperator() || Method.isMoveAssignmentOperator() ||
      Method.getOverloadedOperator() == OO_Equal)
    return true;
  if (!Method.getIdentifier())
    return false;
  static constexpr llvm::StringLiteral Writers[] = {
      "set",    "push_back", "emplace_back", "append", "extend",  "insert",
      "emplace", "erase",    "clear",        "resize", "pop_back", "swap",
      "insert_or_assign", "reserve", "extract"};
  return llvm::is_contained(Writers, Method.getName());
}

class Scanner {
public:
  Scanner(const BorrowedStorage &Storage, ASTContext &Ctx) : Storage(Storage), Ctx(Ctx) {}

  bool mayReach(const Expr &E) { return related(E); }

  AliasWrite scan(const Stmt &S, SourceLocation After, SourceLocation Until, unsigned Depth) {
    AliasWrite W;
    visit(&S, Window{After, Until}, Depth, W);
    return W;
  }

private:
  /// The part of the region whose effects count: from After (invalid: the
  /// start) to Until (invalid: the end). Both are dropped for a subtree that
  /// lies wholly inside them, and are invalid in the bodies of callees,
  /// which lie elsewhere in the file.
  struct Window {
    SourceLocation After;
    SourceLocation Until;
  };

  void visit(const Stmt *S, Window In, unsigned Depth, AliasWrite &W) {
    if (!S || W)
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    // Past the borrow's last read.
    if (In.Until.isValid()) {
      if (SM.isBeforeInTranslationUnit(In.Until, SM.getExpansionLoc(S->getBeginLoc())))
        return;
      if (S->getEndLoc().isFileID() && !SM.isBeforeInTranslationUnit(In.Until, S->getEndLoc()))
        In.Until = SourceLocation();
    }
    // A subtree that ends before the borrow begins has no effect that counts:
    // each node in it begins before After, and such a node's own effect is
    // skipped below. It only counts against the budget, which a plain count
    // of its nodes settles without the location tests of this walk.
    if (!In.Until.isValid() && In.After.isValid() && In.After.isFileID() &&
        S->getEndLoc().isFileID() && SM.isBeforeInTranslationUnit(S->getEndLoc(), In.After)) {
      if (const Stmt *Last = countBeforeBorrow(S))
        W = write(*Last, TooLong.str());
      return;
    }
    // A subtree that begins after the borrow needs no further test.
    if (In.After.isValid() && S->getBeginLoc().isFileID() && In.After.isFileID() &&
        !SM.isBeforeInTranslationUnit(S->getBeginLoc(), In.After))
      In.After = SourceLocation();
    // A bounded look: past the budget the region counts as changed (no
    // proof), which keeps the checks linear in very long functions.
    if (++Visited > MaxVisitedNodes) {
      W = write(*S, TooLong.str());
      return;
    }
    // Children first: their effects happen before the node's own.
    bool HasOwnEffect =
        enterChildren(*S, [&](const Stmt *Child) { visit(Child, In, Depth, W); });
    if (W || !HasOwnEffect)
      return;
    if (In.After.isValid() && SM.isBeforeInTranslationUnit(S->getBeginLoc(), In.After))
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      W = effectOf(*E, Depth);
  }

  static constexpr llvm::StringLiteral TooLong =
      "the code it lives through is too long to analyse";

  /// Counts the nodes of \p S as visit() would (a subtree before the borrow,
  /// whose effects do not count) and returns the one past the budget, if any.
  const Stmt *countBeforeBorrow(const Stmt *S) {
    if (!S)
      return nullptr;
    if (++Visited > MaxVisitedNodes)
      return S;
    const Stmt *Last = nullptr;
    enterChildren(*S, [&](const Stmt *Child) {
      if (!Last)
        Last = countBeforeBorrow(Child);
    });
    return Last;
  }

  /// Calls \p Enter on each child of \p S that a scan walks into, in
  /// evaluation order, and returns whether \p S has an effect of its own.
  /// The walk and the count before the borrow both go through here, so they
  /// cannot disagree on what is entered.
  template <typename EnterFn> bool enterChildren(const Stmt &S, EnterFn Enter) const {
    // Unevaluated operands, and the borrowed source itself, do nothing.
    if (isa<UnaryExprOrTypeTraitExpr, CXXNoexceptExpr>(S) || &S == Storage.Source)
      return false;
    // Creating a closure runs only its capture initialisers; its body runs
    // where it is called (a call of its operator()).
    if (const auto *Lambda = dyn_cast<LambdaExpr>(&S)) {
      for (const Expr *Init : Lambda->capture_inits())
        Enter(Init);
      return false;
    }
    for (const Stmt *Child : S.children())
      Enter(Child);
    return true;
  }

  AliasWrite write(const Stmt &At, std::string Why) { return AliasWrite{&At, std::move(Why)}; }

  AliasWrite effectOf(const Expr &E, unsigned Depth) {
    if (isa<CXXConstCastExpr>(E))
      return write(E, "a const_cast may change it");
    if (isa<CXXDeleteExpr>(E))
      return write(E, "a delete-expression may destroy it");
    // Assigning or stepping a pointer (an iterator of a range-for) changes
    // the pointer, not what it points to.
    if (const auto *Binary = dyn_cast<BinaryOperator>(&E);
        Binary && Binary->isAssignmentOp() && !Binary->getLHS()->getType()->isPointerType() &&
        related(*Binary->getLHS()))
      return write(E, "an assignment may change it");
    if (const auto *Unary = dyn_cast<UnaryOperator>(&E);
        Unary && Unary->isIncrementDecrementOp() &&
        !Unary->getSubExpr()->getType()->isPointerType() && related(*Unary->getSubExpr()))
      return write(E, "an increment may change it");
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(&E))
      return constructionEffect(*Construct, Depth);
    if (const auto *Call = dyn_cast<CallExpr>(&E))
      return callEffect(*Call, Depth);
    return {};
  }

  AliasWrite callEffect(const CallExpr &Call, unsigned Depth) {
    const FunctionDecl *Callee = Call.getDirectCallee();
    if (isIndirectCall(Callee, Call, Ctx))
      return write(Call, "it calls code chosen at run time (a callback or virtual function), "
                         "which may change it");
    if (!Callee || Callee->isTrivial() || Callee->getBuiltinID() != 0)
      return {};
    // The object of a member function.
    const Expr *Object = nullptr;
    const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(&Call))
      Object = Member->getImplicitObjectArgument();
    else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(&Call);
             Op && Method && Op->getNumArgs() > 0)
      Object = Op->getArg(0);
    // Giving up a unique_ptr's ownership changes the pointer, never the
    // object it owned (`std::make_unique<T>(x).release()`).
    if (Method && isOwnershipRelease(*Method))
      return {};
    // A user function's body is scanned below (its writes through `this`
    // are seen there); library and defaulted code is judged by its type.
    const bool JudgedByType = isLibrary(*Callee) || Callee->isDefaulted();
    if (Object && Method && JudgedByType && !Method->isStatic() && !Method->isConst() &&
        !hasConstOverload(*Method) && related(*Object))
      return write(Call, "'" + Method->getNameAsString() + "' may change it");
    // c10::List and c10::Dict change the shared storage from const members.
    if (Object && Method && isSharedHandle(storageType(Object->getType())) &&
        changesSharedStorage(*Method))
      return write(Call, "'" + Method->getNameAsString() + "' changes a list or dict that "
                                                           "other handles share");
    if (!JudgedByType)
      return calleeEffect(*Callee, Call, Depth);
    if (AliasWrite W = callbackEffects(Call.arguments(), *Callee, Call, Depth))
      return W;
    return argumentEffects(Call.arguments(), *Callee, Object ? 1u : 0u, Call);
  }

  AliasWrite constructionEffect(const CXXConstructExpr &Construct, unsigned Depth) {
    const CXXConstructorDecl *Ctor = Construct.getConstructor();
    if (!Ctor || Ctor->isTrivial())
      return {};
    // A defaulted constructor copies or moves member by member: what it
    // changes is its argument, as a library constructor's.
    if (!isLibrary(*Ctor) && !Ctor->isDefaulted())
      return calleeEffect(*Ctor, Construct, Depth);
    if (AliasWrite W = callbackEffects(Construct.arguments(), *Ctor, Construct, Depth))
      return W;
    return argumentEffects(Construct.arguments(), *Ctor, 0, Construct);
  }

  /// Library code given something callable may call it (`std::for_each`,
  /// `IValue::visit`, a comparator): a lambda's or a user functor's body is
  /// scanned as if it ran here; a callable whose code is chosen at run time
  /// (std::function, a function pointer) may change anything.
  template <typename Args>
  AliasWrite callbackEffects(Args &&Arguments, const FunctionDecl &Callee, const Expr &Call,
                             unsigned Depth) {
    for (const Expr *Arg : Arguments) {
      if (!Arg)
        continue;
      QualType T = Arg->getType().getNonReferenceType();
      if (T->isFunctionPointerType() || T->isFunctionType() || T->isMemberFunctionPointerType()) {
        // A library function named right there (`os << std::endl`,
        // `std::fixed`) is library code: it changes what it is given.
        if (const FunctionDecl *Named = namedFunction(*Arg); Named && isLibrary(*Named))
          continue;
        if (outOfCallbacksReach(Call, Callee))
          continue;
        return write(Call, "'" + Callee.getNameAsString() +
                               "' is given a function pointer, which may change it");
      }
      const auto *Record = T->getAsCXXRecordDecl();
      if (!Record)
        continue;
      const CallableClass &Class = callableClass(*Record);
      if (Class.TypeErased) {
        if (outOfCallbacksReach(Call, Callee))
          continue;
        return write(Call, "'" + Callee.getNameAsString() +
                               "' is given a callback chosen at run time, which may change it");
      }
      const CXXMethodDecl *Operator = Class.UserOperator;
      if (!Operator)
        continue;
      const FunctionDecl *Definition = nullptr;
      if (Depth == 0 || !Operator->hasBody(Definition) || !Definition->getBody())
        return write(Call, "'" + Callee.getNameAsString() +
                               "' is given a callable that is not analysed");
      auto [It, Inserted] = Callees.try_emplace(Definition, false);
      if (Inserted)
        Callees[Definition] = static_cast<bool>(scanDefinition(*Definition, Depth - 1));
      if (Callees[Definition])
        return write(Call, "'" + Callee.getNameAsString() +
                               "' is given a callable that may change it");
    }
    return {};
  }

  /// Whether code chosen at run time that \p Call may run cannot reach the
  /// borrowed storage: it is the own storage of this function's by-value
  /// locals, whose address nothing here hands out (no by-reference capture,
  /// no escaping reference, BorrowedStorage::Reachable), and \p Call hands
  /// over nothing the code could write through: no non-const reference,
  /// pointer, iterator or view argument, no non-const object. (A callback
  /// made elsewhere cannot know where a local of this function lives.)
  bool outOfCallbacksReach(const Expr &Call, const FunctionDecl &Callee) const {
    if (Storage.Shared || Storage.Reachable.value_or(true))
      return false;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(&Call))
      if (const auto *Method = Member->getMethodDecl(); !Method || !Method->isConst())
        return false;
    const llvm::SmallVector<const Expr *, 4> Arguments = callArguments(Call);
    const unsigned Skip =
        isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1u : 0u;
    if (Skip == 1 && !cast<CXXMethodDecl>(Callee).isConst())
      return false;
    for (unsigned I = Skip; I < Arguments.size(); ++I) {
      const unsigned Param = I - Skip;
      if (Param >= Callee.getNumParams())
        return false; // a variadic argument: its use is not known
      QualType P = Callee.getParamDecl(Param)->getType();
      if ((P->isReferenceType() && !P.getNonReferenceType().isConstQualified()) ||
          P->isPointerType())
        return false;
      QualType A = Arguments[I]->getType().getNonReferenceType();
      if (A->isFunctionPointerType() || A->isMemberFunctionPointerType())
        continue; // a callback: what it can reach is the question answered above
      if (const auto *Record = A->getAsCXXRecordDecl(); Record && isTypeErasedCallable(*Record))
        continue;
      if (A->isPointerType() || mayBorrow(A))
        return false;
    }
    return true;
  }

  /// What a class given to library code says about the code it may run.
  struct CallableClass {
    /// A std::function-like wrapper: the code is chosen at run time.
    bool TypeErased = false;
    /// The call operator of a lambda or functor whose code is the user's.
    const CXXMethodDecl *UserOperator = nullptr;
  };

  /// The same classes are passed over and over (every IValue argument), and
  /// the answer is a name lookup: asked once per scan.
  const CallableClass &callableClass(const CXXRecordDecl &Record) {
    auto [It, Inserted] = CallableClasses.try_emplace(&Record);
    if (!Inserted)
      return It->second;
    CallableClass Class;
    // A std::function only referred to need not be instantiated: its name
    // is asked before its definition.
    Class.TypeErased = isTypeErasedCallable(Record);
    if (!Class.TypeErased && Record.hasDefinition())
      if (const CXXMethodDecl *Operator = callOperatorOf(*Record.getDefinition());
          Operator && !isLibrary(*Operator))
        Class.UserOperator = Operator;
    It->second = Class; // isLibrary() does not insert into CallableClasses.
    return It->second;
  }

  /// The function \p Arg names (`f`, `&f`, `&S::f`), or null.
  static const FunctionDecl *namedFunction(const Expr &Arg) {
    const Expr *E = Arg.IgnoreParenImpCasts();
    if (const auto *AddressOf = dyn_cast<UnaryOperator>(E);
        AddressOf && AddressOf->getOpcode() == UO_AddrOf)
      E = AddressOf->getSubExpr()->IgnoreParenImpCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    return Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  }

  bool isLibrary(const Decl &D) {
    auto [It, Inserted] = LibraryCode.try_emplace(&D, false);
    if (Inserted)
      It->second = isLibraryCode(D, Ctx);
    return It->second;
  }

  /// The call operator of a lambda or functor class (the pattern of a
  /// generic lambda's), its own or a base's, or null. A name lookup, not a
  /// walk over the members: every library record an argument has (IValue
  /// has hundreds of members) is asked.
  const CXXMethodDecl *callOperatorOf(const CXXRecordDecl &Record) const {
    if (Record.isLambda())
      return Record.getLambdaCallOperator();
    for (const NamedDecl *Found :
         Record.lookup(Ctx.DeclarationNames.getCXXOperatorName(OO_Call))) {
      if (const auto *Template = dyn_cast<FunctionTemplateDecl>(Found))
        Found = Template->getTemplatedDecl();
      if (const auto *Method = dyn_cast<CXXMethodDecl>(Found))
        return Method;
    }
    for (const CXXBaseSpecifier &Base : Record.bases())
      if (const CXXRecordDecl *BaseRecord = Base.getType()->getAsCXXRecordDecl();
          BaseRecord && BaseRecord->hasDefinition())
        if (const CXXMethodDecl *Method = callOperatorOf(*BaseRecord->getDefinition()))
          return Method;
    return nullptr;
  }

  /// A library function changes what it is given by non-const reference,
  /// rvalue reference (moved from) or pointer to non-const.
  template <typename Args>
  AliasWrite argumentEffects(Args &&Arguments, const FunctionDecl &Callee, unsigned Skip,
                             const Expr &Call) {
    unsigned Index = 0;
    for (const Expr *Arg : Arguments) {
      if (Index++ < Skip)
        continue;
      const unsigned Param = Index - 1 - Skip;
      if (Param >= Callee.getNumParams())
        break;
      QualType T = Callee.getParamDecl(Param)->getType();
      const bool Writable =
          (T->isReferenceType() && !T.getNonReferenceType().isConstQualified()) ||
          (T->isPointerType() && !T->getPointeeType().isConstQualified());
      if (Writable && !isa<MaterializeTemporaryExpr>(Arg->IgnoreImpCasts()) && related(*Arg))
        return write(Call, "'" + Callee.getNameAsString() + "' is given it to change");
    }
    return {};
  }

  /// A user function: its body is scanned, where it is visible and not too
  /// deep, with every write through its parameters, members and captures.
  AliasWrite calleeEffect(const FunctionDecl &Callee, const Expr &Call, unsigned Depth) {
    const FunctionDecl *Definition = nullptr;
    if (!Callee.hasBody(Definition) || !Definition->getBody()) {
      // Not visible: it may call what it is given to call, and a callback
      // made here may reach even the by-value locals the borrow reads
      // (`[&] { map.clear(); }`), which no other code can.
      if (AliasWrite W = callbackEffects(callArguments(Call), Callee, Call, Depth))
        return W;
    }
    if (!Storage.Shared)
      return ownStorageCalleeEffect(Callee, Call, Depth);
    if (!Definition || !Definition->getBody()) {
      // Not visible, and the storage may be reached through an address given
      // away earlier (a constructor that kept `this`, a by-reference capture):
      // it may change it without being given anything.
      if (Storage.Reachable.value_or(false))
        return write(Call, "'" + Callee.getNameAsString() +
                               "' may reach it through an address given away earlier, and its "
                               "body is not visible");
      // Not visible: it may change what it is given to change -- a non-const
      // reference or pointer, the object of a non-const member function, a
      // shared handle by value -- and nothing else the borrow reads (a
      // global root is never proven).
      for (const Expr *Arg : writableArguments(Call, Callee))
        if (related(*Arg))
          return write(Call, "'" + Callee.getNameAsString() +
                                 "' is given it to change and its body is not visible");
      return {};
    }
    // A function already scanned has its answer: no write means its whole
    // body was looked at (a call cut off by depth counts as a write). One
    // being scanned (recursion) is answered by the scan under way, which
    // sees every statement the recursive call would run.
    if (auto It = Callees.find(Definition); It != Callees.end())
      return It->second ? write(Call, "'" + Callee.getNameAsString() + "' may change it")
                        : AliasWrite{};
    if (Depth == 0)
      return write(Call, "it calls '" + Callee.getNameAsString() +
                             "', which may change it (calls nested too deep to follow)");
    Callees[Definition] = false;
    AliasWrite Inner = scanDefinition(*Definition, Depth - 1);
    Callees[Definition] = static_cast<bool>(Inner);
    if (!Inner)
      return {};
    return write(Call, "'" + Callee.getNameAsString() + "' may change it");
  }

  /// The first write in a function's member initialisers and body.
  AliasWrite scanDefinition(const FunctionDecl &Definition, unsigned Depth) {
    AliasWrite W;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Definition))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        visit(Init->getInit(), Window{}, Depth, W);
    visit(Definition.getBody(), Window{}, Depth, W);
    return W;
  }

  static llvm::SmallVector<const Expr *, 4> callArguments(const Expr &Call) {
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(&Call))
      return {Construct->arg_begin(), Construct->arg_end()};
    const auto &C = cast<CallExpr>(Call);
    return {C.arg_begin(), C.arg_end()};
  }

  /// A user function, for storage that only code given it can reach: not
  /// given a path variable, it cannot change it; given one, its body is
  /// scanned with that parameter (or `this`) standing for the variable.
  AliasWrite ownStorageCalleeEffect(const FunctionDecl &Callee, const Expr &Call,
                                    unsigned Depth) {
    const FunctionDecl *Definition = nullptr;
    const bool Visible = Callee.hasBody(Definition) && Definition->getBody();
    bool Given = false;
    llvm::SmallPtrSet<const VarDecl *, 4> Params;
    bool This = false;
    auto note = [&](const Expr *Arg, const ParmVarDecl *Param) {
      if (!rootedOnPath(*Arg))
        return;
      Given = true;
      if (!Param)
        This = true;
      else if (Visible && Param->getFunctionScopeIndex() < Definition->getNumParams())
        Params.insert(Definition->getParamDecl(Param->getFunctionScopeIndex()));
    };
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(&Call)) {
      for (unsigned I = 0; I < Construct->getNumArgs() && I < Callee.getNumParams(); ++I)
        note(Construct->getArg(I), Callee.getParamDecl(I));
    } else {
      const auto &C = cast<CallExpr>(Call);
      unsigned First = 0;
      if (const auto *Member = dyn_cast<CXXMemberCallExpr>(&C)) {
        if (const Expr *Object = Member->getImplicitObjectArgument())
          note(Object, nullptr);
      } else if (isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(Callee) && C.getNumArgs() > 0) {
        note(C.getArg(0), nullptr);
        First = 1;
      }
      for (unsigned I = First; I < C.getNumArgs() && I - First < Callee.getNumParams(); ++I)
        note(C.getArg(I), Callee.getParamDecl(I - First));
    }
    if (!Given)
      return {};
    if (!Visible || Depth == 0)
      return write(Call, "'" + Callee.getNameAsString() + "' is given it and is not analysed");
    // Scan the body with the parameters standing for the path's variables.
    auto SavedParams = CalleeParams;
    const bool SavedThis = ThisOnPath;
    CalleeParams = Params;
    ThisOnPath = This;
    AliasWrite Inner = scanDefinition(*Definition, Depth - 1);
    CalleeParams = SavedParams;
    ThisOnPath = SavedThis;
    if (!Inner)
      return {};
    return write(Call, "'" + Callee.getNameAsString() + "' may change it");
  }

  /// Whether \p Object is (part of) a path variable's own storage, or of
  /// what stands for one in a callee being scanned.
  bool rootedOnPath(const Expr &Object) const {
    const Expr *E = &Object;
    for (unsigned Depth = 0; Depth < 12; ++Depth) {
      E = E->IgnoreParenImpCasts();
      if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
        const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
        return Var && (Storage.OnPath.contains(Var) || CalleeParams.contains(Var));
      }
      if (isa<CXXThisExpr>(E))
        return ThisOnPath;
      if (const auto *Member = dyn_cast<MemberExpr>(E)) {
        E = Member->getBase();
        continue;
      }
      if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
        E = Call->getImplicitObjectArgument();
        continue;
      }
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E); Op && Op->getNumArgs() > 0) {
        E = Op->getArg(0);
        continue;
      }
      if (const auto *Unary = dyn_cast<UnaryOperator>(E);
          Unary && (Unary->getOpcode() == UO_Deref || Unary->getOpcode() == UO_AddrOf)) {
        E = Unary->getSubExpr();
        continue;
      }
      if (const auto *Copy = dyn_cast<CXXConstructExpr>(E);
          Copy && Copy->getNumArgs() == 1 && Copy->getConstructor()->isCopyOrMoveConstructor()) {
        E = Copy->getArg(0);
        continue;
      }
      return false;
    }
    return false;
  }

public:
  /// The arguments (and object) a function may change through: bound to a
  /// non-const reference or pointer, passed as a shared handle (`c10::List`,
  /// `c10::Dict`, `intrusive_ptr`: a copy shares the storage), or the object
  /// of a non-const member function.
  static llvm::SmallVector<const Expr *, 4> writableArguments(const Expr &Call,
                                                              const FunctionDecl &Callee) {
    llvm::SmallVector<const Expr *, 4> Writable;
    // A c10::List, c10::Dict or intrusive_ptr changes the storage its copies
    // share from const members (`set`, `operator->`): given one in any form,
    // by value or by const reference or pointer, a callee may change it.
    auto sharesStorage = [](QualType T) {
      T = T.getNonReferenceType();
      if (T->isPointerType())
        T = T->getPointeeType();
      const auto *Record = T->getAsCXXRecordDecl();
      if (!Record || !Record->getIdentifier())
        return false;
      return isSharedHandle(T.getUnqualifiedType()) || Record->getName() == "intrusive_ptr";
    };
    auto check = [&](const Expr *Arg, QualType ParamType) {
      if (ParamType.isNull()) {
        Writable.push_back(Arg); // a variadic argument
        return;
      }
      if ((ParamType->isReferenceType() && !ParamType.getNonReferenceType().isConstQualified()) ||
          (ParamType->isPointerType() && !ParamType->getPointeeType().isConstQualified()) ||
          sharesStorage(ParamType))
        Writable.push_back(Arg);
    };
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(&Call)) {
      for (unsigned I = 0; I < Construct->getNumArgs(); ++I)
        check(Construct->getArg(I),
              I < Callee.getNumParams() ? Callee.getParamDecl(I)->getType() : QualType());
      return Writable;
    }
    const auto &C = cast<CallExpr>(Call);
    unsigned First = 0;
    if (const auto *Method = dyn_cast<CXXMethodDecl>(&Callee); Method && !Method->isStatic()) {
      const Expr *Object = nullptr;
      if (const auto *Member = dyn_cast<CXXMemberCallExpr>(&C))
        Object = Member->getImplicitObjectArgument();
      else if (isa<CXXOperatorCallExpr>(C) && C.getNumArgs() > 0) {
        Object = C.getArg(0);
        First = 1;
      }
      if (Object && !Method->isConst())
        Writable.push_back(Object);
    }
    for (unsigned I = First; I < C.getNumArgs(); ++I)
      check(C.getArg(I), I - First < Callee.getNumParams()
                             ? Callee.getParamDecl(I - First)->getType()
                             : QualType());
    return Writable;
  }

private:
  /// The object \p E names: through parentheses, implicit casts,
  /// `std::move`/`std::forward` and casts to an rvalue reference, which
  /// name the same object (`a(std::move(a))` in a constructor moves its own
  /// by-value parameter, nothing the borrow reads).
  static const Expr *namedObject(const Expr &E) {
    const Expr *Object = E.IgnoreParenImpCasts();
    while (true) {
      if (isStdMoveOrForward(Object)) {
        Object = cast<CallExpr>(Object)->getArg(0)->IgnoreParenImpCasts();
        continue;
      }
      if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Object);
          Cast && Cast->getTypeAsWritten()->isRValueReferenceType()) {
        Object = Cast->getSubExpr()->IgnoreParenImpCasts();
        continue;
      }
      return Object;
    }
  }

  /// Whether the object \p E names may be, hold or be held by storage of
  /// the borrow.
  bool related(const Expr &E) {
    if (!Storage.Shared)
      return !isReachedFromBorrower(E) && rootedOnPath(E);
    const Expr *Object = namedObject(E);
    // A copy handed on (a by-value parameter) is the object it copies, as far
    // as the callee can reach.
    while (const auto *Copy = dyn_cast<CXXConstructExpr>(Object)) {
      if (Copy->getNumArgs() != 1 || !(Copy->getConstructor()->isCopyOrMoveConstructor()))
        break;
      Object = namedObject(*Copy->getArg(0));
    }
    QualType T = storageType(Object->getType());
    if (isSharedHandle(T))
      return true;
    if (isReachedFromBorrower(*Object))
      return false; // `v.toTensor()` passed on: the reference's own reads
    if (const auto *Ref = dyn_cast<DeclRefExpr>(ownerOf(*Object)))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl())) {
        if (Var == Storage.Borrower)
          return false; // its own uses are known to be reads
        // A by-value local owns its storage: nothing else names it unless it
        // is on the borrow's path.
        if (Var->hasLocalStorage() && !Var->getType()->isReferenceType() &&
            !Var->getType()->isPointerType() && !Storage.OnPath.contains(Var))
          return false;
      }
    // A field lies inside the borrowed storage only if the object it is a
    // member of may: a counter of the user's class is not inside a tuple
    // because an IValue's payload can hold an integer.
    QualType Container;
    if (const auto *Member = dyn_cast<MemberExpr>(Object);
        Member && isa<FieldDecl>(Member->getMemberDecl()))
      Container = storageType(Member->getBase()->getType());
    return llvm::any_of(Storage.Types, [&](QualType P) {
      if (T == P || holds(T, P, 0))
        return true;
      return Container.isNull() ? holds(P, T, 0) : Container == P || holds(P, Container, 0);
    });
  }

  /// The variable whose own storage \p Object is part of: through fields
  /// and the elements of standard containers (`r.keep`, `v[0]`, `p.first`),
  /// not through pointers or shared handles. \p Object itself otherwise.
  static const Expr *ownerOf(const Expr &Object) {
    const Expr *E = &Object;
    for (unsigned Depth = 0; Depth < 8; ++Depth) {
      E = E->IgnoreParenImpCasts();
      if (const auto *Member = dyn_cast<MemberExpr>(E)) {
        if (Member->isArrow() || !isa<FieldDecl>(Member->getMemberDecl()))
          return E;
        E = Member->getBase();
        continue;
      }
      const Expr *Base = nullptr;
      const CXXMethodDecl *Method = nullptr;
      if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
        Base = Call->getImplicitObjectArgument();
        Method = Call->getMethodDecl();
      } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E); Op && Op->getNumArgs() > 0) {
        Base = Op->getArg(0);
        Method = dyn_cast_or_null<CXXMethodDecl>(Op->getCalleeDecl());
      }
      if (!Base || !Method || !Method->getParent()->isInStdNamespace() ||
          !E->isGLValue() || isSmartPointer(*Method->getParent()))
        return E;
      E = Base;
    }
    return E;
  }

  /// Whether \p Object is the borrowing variable or part of what it holds,
  /// reached through its members and member calls (not through a pointer).
  bool isReachedFromBorrower(const Expr &Object) const {
    if (!Storage.Borrower)
      return false;
    const Expr *E = &Object;
    for (unsigned Depth = 0; Depth < 8; ++Depth) {
      E = E->IgnoreParenImpCasts();
      if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
        return Ref->getDecl() == Storage.Borrower;
      if (const auto *Member = dyn_cast<MemberExpr>(E); Member && !Member->isArrow()) {
        E = Member->getBase();
        continue;
      }
      if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
        const auto *Callee = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens());
        if (!Callee || Callee->isArrow())
          return false;
        E = Call->getImplicitObjectArgument();
        continue;
      }
      // `elems[0]`: an element of the borrowed container.
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
          Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2 &&
          isa<CXXMethodDecl>(Op->getCalleeDecl())) {
        E = Op->getArg(0);
        continue;
      }
      return false;
    }
    return false;
  }

  static bool isOwnershipRelease(const CXXMethodDecl &Method) {
    const CXXRecordDecl *Record = Method.getParent();
    return Method.getIdentifier() && Method.getName() == "release" && Record->getIdentifier() &&
           Record->getName() == "unique_ptr" && Record->isInStdNamespace();
  }

  /// A number or an enum, written through a pointer or reference, changes
  /// only an object of its own type: it lies inside a class only as a member
  /// code can name or as a container's element. A c10 handle's scalars are
  /// its representation (the IValue's payload union holds an int64_t and a
  /// double), which only c10 writes, so `*out = x` through a `double*`
  /// cannot change one.
  static bool isNamedOnlyScalar(QualType T) {
    return T->isArithmeticType() || T->isEnumeralType();
  }

  static bool isSmartPointer(const CXXRecordDecl &Record) {
    if (!Record.getIdentifier())
      return true;
    const StringRef Name = Record.getName();
    return Name == "shared_ptr" || Name == "unique_ptr" || Name == "weak_ptr" ||
           Name == "reference_wrapper";
  }

  /// Whether an object of type \p Outer contains one of type \p Inner (as a
  /// member, base, union member or container element). A scalar counts only
  /// where code can name it (isNamedOnlyScalar).
  bool holds(QualType Outer, QualType Inner, unsigned Depth) {
    if (Depth > 4)
      return false;
    const auto *Record = Outer->getAsCXXRecordDecl();
    if (!Record || !Record->hasDefinition())
      return false;
    auto [It, Inserted] = Holds.try_emplace({Outer.getTypePtr(), Inner.getTypePtr()}, false);
    if (!Inserted)
      return It->second;
    bool Found = false;
    // A scalar lies inside a class only as a member code can name: a public
    // one, and not the representation of a c10 runtime type (the IValue's
    // payload union, public in PyTorch 2, is written only by c10 itself).
    const bool PublicOnly = isNamedOnlyScalar(Inner);
    const bool RepresentationHidden = PublicOnly && isInsideC10(*Record);
    auto Check = [&](QualType T) {
      if (Found || T.isNull())
        return;
      T = T.getCanonicalType().getUnqualifiedType();
      if (T->isReferenceType() || T->isPointerType())
        return;
      Found = T == Inner || holds(T, Inner, Depth + 1);
    };
    Record = Record->getDefinition();
    for (const FieldDecl *Field : Record->fields())
      if (!PublicOnly || (Field->getAccess() == AS_public && !RepresentationHidden))
        Check(Field->getType());
    for (const CXXBaseSpecifier &Base : Record->bases())
      if (!PublicOnly || Base.getAccessSpecifier() == AS_public)
        Check(Base.getType());
    // A library container's elements sit behind pointers: its template
    // arguments say what it holds.
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Record))
      for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
        if (Arg.getKind() == TemplateArgument::Type)
          Check(Arg.getAsType());
    Holds[{Outer.getTypePtr(), Inner.getTypePtr()}] = Found;
    return Found;
  }

  const BorrowedStorage &Storage;
  ASTContext &Ctx;
  /// While a callee is scanned for own storage: the parameters bound to a
  /// path variable, and whether `*this` is one.
  llvm::SmallPtrSet<const VarDecl *, 4> CalleeParams;
  bool ThisOnPath = false;
  llvm::DenseMap<const FunctionDecl *, bool> Callees;
  unsigned Visited = 0;
  llvm::DenseMap<std::pair<const Type *, const Type *>, bool> Holds;
  llvm::DenseMap<const CXXRecordDecl *, CallableClass> CallableClasses;
  llvm::DenseMap<const Decl *, bool> LibraryCode;
};

} // namespace

void BorrowedStorage::addType(QualType T) {
  if (T.isNull())
    return;
  T = storageType(T);
  if (!T->isRecordType() || llvm::is_contained(Types, T))
    return;
  Types.push_back(T);
}

bool mayReachStorage(const Expr &E, const BorrowedStorage &Storage, ASTContext &Ctx) {
  return Scanner(Storage, Ctx).mayReach(E);
}

bool areDistinctFieldsOfThis(const Expr &A, const Expr &B) {
  auto fieldOfThis = [](const Expr &E) -> const FieldDecl * {
    const auto *Member = dyn_cast<MemberExpr>(E.IgnoreParenImpCasts());
    if (!Member || !isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
      return nullptr;
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!Field || Field->getParent()->isUnion() || Field->isBitField() ||
        Field->getType()->isReferenceType() || Field->getType()->isPointerType())
      return nullptr;
    return Field;
  };
  const FieldDecl *First = fieldOfThis(A);
  const FieldDecl *Second = fieldOfThis(B);
  return First && Second && First->getCanonicalDecl() != Second->getCanonicalDecl();
}

llvm::SmallVector<const Expr *, 4> writableArguments(const Expr &Call,
                                                     const FunctionDecl &Callee) {
  return Scanner::writableArguments(Call, Callee);
}

AliasWrite sharedStateWriteIn(const Stmt &Region, SourceLocation After,
                              const BorrowedStorage &Storage, ASTContext &Ctx,
                              SourceLocation Until) {
  return Scanner(Storage, Ctx).scan(Region, After, Until, MaxCalleeDepth);
}

bool writesOnlyAfter(const AliasWrite &First, SourceLocation LastRead, const Stmt &Region,
                     SourceLocation After, const BorrowedStorage &Storage, ASTContext &Ctx) {
  if (!First || LastRead.isInvalid())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isBeforeInTranslationUnit(LastRead, SM.getExpansionLoc(First.At->getBeginLoc())) &&
         !sharedStateWriteIn(Region, After, Storage, Ctx, LastRead);
}

} // namespace clang::tidy::c10::utils
