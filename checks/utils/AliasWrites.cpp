//===- AliasWrites.cpp ----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/AliasWrites.h"
#include "utils/PlainReads.h"
#include "utils/ReferenceEscape.h"
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

QualType storageType(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  return T.getCanonicalType().getUnqualifiedType();
}

/// A handle whose non-const operations change storage that every copy of the
/// handle shares: writing through one is writing through all.
bool isSharedHandle(QualType T) {
  const auto *Record = T->getAsCXXRecordDecl();
  if (!Record || !Record->getIdentifier())
    return false;
  const StringRef Name = Record->getName();
  if (Name != "List" && Name != "Dict" && Name != "ListElementReference" &&
      Name != "DictEntryRef" && Name != "ListIterator" && Name != "DictIterator")
    return false;
  for (const DeclContext *DC = Record->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && isa<TranslationUnitDecl>(NS->getParent()))
      return NS->getIdentifier() && NS->getName() == "c10";
  return false;
}

class Scanner {
public:
  Scanner(const BorrowedStorage &Storage, ASTContext &Ctx) : Storage(Storage), Ctx(Ctx) {}

  AliasWrite scan(const Stmt &S, SourceLocation After, unsigned Depth) {
    AliasWrite W;
    visit(&S, After, Depth, W);
    return W;
  }

private:
  void visit(const Stmt *S, SourceLocation After, unsigned Depth, AliasWrite &W) {
    if (!S || W)
      return;
    if (isa<UnaryExprOrTypeTraitExpr, CXXNoexceptExpr>(S))
      return;
    if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      // Creating a closure runs only its capture initialisers; its body runs
      // where it is called (a call of its operator()).
      for (const Expr *Init : Lambda->capture_inits())
        visit(Init, After, Depth, W);
      return;
    }
    // Children first: their effects happen before the node's own.
    for (const Stmt *Child : S->children())
      visit(Child, After, Depth, W);
    if (W)
      return;
    if (After.isValid() &&
        Ctx.getSourceManager().isBeforeInTranslationUnit(S->getBeginLoc(), After))
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      W = effectOf(*E, Depth);
  }

  AliasWrite write(const Stmt &At, std::string Why) { return AliasWrite{&At, std::move(Why)}; }

  AliasWrite effectOf(const Expr &E, unsigned Depth) {
    if (isa<CXXConstCastExpr>(E))
      return write(E, "a const_cast may change it");
    if (isa<CXXDeleteExpr>(E))
      return write(E, "a delete-expression may destroy it");
    if (const auto *Binary = dyn_cast<BinaryOperator>(&E);
        Binary && Binary->isAssignmentOp() && related(*Binary->getLHS()))
      return write(E, "an assignment may change it");
    if (const auto *Unary = dyn_cast<UnaryOperator>(&E);
        Unary && Unary->isIncrementDecrementOp() && related(*Unary->getSubExpr()))
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
    if (Object && Method && !Method->isStatic() && !Method->isConst() &&
        !hasConstOverload(*Method) && related(*Object))
      return write(Call, "'" + Method->getNameAsString() + "' may change it");
    if (!isLibraryCode(*Callee, Ctx))
      return calleeEffect(*Callee, Call, Depth);
    return argumentEffects(Call.arguments(), *Callee, Object ? 1u : 0u, Call);
  }

  AliasWrite constructionEffect(const CXXConstructExpr &Construct, unsigned Depth) {
    const CXXConstructorDecl *Ctor = Construct.getConstructor();
    if (!Ctor || Ctor->isTrivial())
      return {};
    if (!isLibraryCode(*Ctor, Ctx))
      return calleeEffect(*Ctor, Construct, Depth);
    return argumentEffects(Construct.arguments(), *Ctor, 0, Construct);
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
      // Not visible: it may change what it is given, and nothing else that
      // the borrow reads (a global root is never proven).
      for (const Expr *Arg : arguments(Call))
        if (related(*Arg))
          return write(Call, "'" + Callee.getNameAsString() +
                                 "' is given it and its body is not visible");
      return {};
    }
    if (Depth == 0)
      return write(Call, "it calls '" + Callee.getNameAsString() +
                             "', which may change it (calls nested too deep to follow)");
    auto [It, Inserted] = Callees.try_emplace(Definition, false);
    if (!Inserted)
      return It->second ? write(Call, "'" + Callee.getNameAsString() + "' may change it")
                        : AliasWrite{};
    AliasWrite Inner;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Definition))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (!Inner)
          visit(Init->getInit(), SourceLocation(), Depth - 1, Inner);
    if (!Inner)
      visit(Definition->getBody(), SourceLocation(), Depth - 1, Inner);
    Callees[Definition] = static_cast<bool>(Inner);
    if (!Inner)
      return {};
    return write(Call, "'" + Callee.getNameAsString() + "' may change it");
  }

  /// The arguments of a call or construction, with the object of a member
  /// call.
  static llvm::SmallVector<const Expr *, 4> arguments(const Expr &Call) {
    llvm::SmallVector<const Expr *, 4> Args;
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(&Call)) {
      llvm::append_range(Args, Construct->arguments());
      return Args;
    }
    const auto &C = cast<CallExpr>(Call);
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(&C))
      if (const Expr *Object = Member->getImplicitObjectArgument())
        Args.push_back(Object);
    llvm::append_range(Args, C.arguments());
    return Args;
  }

  /// Whether the object \p E names may be, hold or be held by storage of
  /// the borrow.
  bool related(const Expr &E) {
    const Expr *Object = E.IgnoreParenImpCasts();
    // A copy handed on (a by-value parameter) is the object it copies, as far
    // as the callee can reach.
    while (const auto *Copy = dyn_cast<CXXConstructExpr>(Object)) {
      if (Copy->getNumArgs() != 1 || !(Copy->getConstructor()->isCopyOrMoveConstructor()))
        break;
      Object = Copy->getArg(0)->IgnoreParenImpCasts();
    }
    QualType T = storageType(Object->getType());
    if (isSharedHandle(T))
      return true;
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
    return llvm::any_of(Storage.Types, [&](QualType P) {
      return T == P || holds(T, P, 0) || holds(P, T, 0);
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

  static bool isSmartPointer(const CXXRecordDecl &Record) {
    if (!Record.getIdentifier())
      return true;
    const StringRef Name = Record.getName();
    return Name == "shared_ptr" || Name == "unique_ptr" || Name == "weak_ptr" ||
           Name == "reference_wrapper";
  }

  /// Whether an object of type \p Outer contains one of type \p Inner (as a
  /// member, base, union member or container element).
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
      Check(Field->getType());
    for (const CXXBaseSpecifier &Base : Record->bases())
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
  llvm::DenseMap<const FunctionDecl *, bool> Callees;
  llvm::DenseMap<std::pair<const Type *, const Type *>, bool> Holds;
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

AliasWrite sharedStateWriteIn(const Stmt &Region, SourceLocation After,
                              const BorrowedStorage &Storage, ASTContext &Ctx) {
  return Scanner(Storage, Ctx).scan(Region, After, MaxCalleeDepth);
}

} // namespace clang::tidy::c10::utils
