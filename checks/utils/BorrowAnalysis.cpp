//===- BorrowAnalysis.cpp -------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/BorrowAnalysis.h"
#include "utils/ArgumentParameters.h"
#include "utils/BorrowLiveRange.h"
#include "utils/BorrowSafety.h"
#include "utils/DeclNames.h"
#include "utils/OwnershipSinks.h"
#include "utils/PlainReads.h"
#include "utils/SourceText.h"
#include "utils/StdCasts.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang::ast_matchers;

namespace clang::tidy::c10::utils {

namespace {

constexpr unsigned MaxPathDepth = 8;

/// Accessors of an IValue that return a new handle to the object the IValue
/// itself holds (not a copy of the object).
constexpr llvm::StringLiteral SharingAccessors[] = {"toTuple", "toObject", "toString"};

/// Answers "does this change?" with clang's ExprMutationAnalyzer over one
/// scope, built on first need (asking it costs matcher runs over the scope).
class Mutations {
public:
  Mutations(const Stmt &Scope, ASTContext &Ctx, const LocalParents &Parents)
      : Scope(Scope), Ctx(Ctx), Parents(Parents) {}

  ExprMutationAnalyzer &analyzer() {
    if (!Analyzer)
      Analyzer.emplace(Scope, Ctx);
    return *Analyzer;
  }

  /// Whether some use of \p Var in the scope may change it. The same answer
  /// as ExprMutationAnalyzer::isMutated, asking the analyzer only about uses
  /// that are not plainly reads.
  bool isMutated(const VarDecl &Var) {
    return isMutatedIn(Var, Scope, Parents, [this]() -> ExprMutationAnalyzer & { return analyzer(); });
  }

  /// The first use of \p Var in the scope, other than those in \p Ignored,
  /// that may change its value; null when there is none.
  const Stmt *changeOf(const VarDecl &Var, const llvm::SmallPtrSetImpl<const DeclRefExpr *> &Ignored) {
    if (Var.getType().getNonReferenceType().isConstQualified() &&
        !Var.getType()->isPointerType())
      return nullptr; // Written only through const_cast or mutable members.
    for (const DeclRefExpr *Use : Parents.usesOf(Var, Scope))
      if (!Ignored.contains(Use))
        if (const Stmt *Change = changeThrough(*Use))
          return Change;
    return nullptr;
  }

  /// The first use of the pointer-like \p Var (a raw or smart pointer) other
  /// than those in \p Ignored that may change the object it points to.
  const Stmt *pointeeChangeOf(const VarDecl &Var,
                              const llvm::SmallPtrSetImpl<const DeclRefExpr *> &Ignored) {
    const bool IsRaw = Var.getType().getNonReferenceType()->isPointerType();
    for (const DeclRefExpr *Use : Parents.usesOf(Var, Scope)) {
      if (Ignored.contains(Use))
        continue;
      if (const Stmt *Change = pointeeChangeThrough(*Use, IsRaw))
        return Change;
    }
    return nullptr;
  }

private:
  const Stmt *pointeeChangeThrough(const Expr &Pointer, bool IsRaw) {
    const Expr *Outer = nullptr;
    const Stmt *User = Parents.user(Pointer, Outer);
    // `static_cast<T*>(p)` points to what `p` points to: its uses are `p`'s.
    // Writes through a class pointer are seen by their type (AliasWrites);
    // through `char*` and other non-class pointers (`memset`) they are not,
    // so such a cast to non-const counts as the change.
    if (const auto *Cast = dyn_cast_or_null<ExplicitCastExpr>(User);
        IsRaw && Cast && Cast->getType()->isPointerType() && !isa<CXXConstCastExpr>(Cast)) {
      QualType To = Cast->getType()->getPointeeType();
      if (!To.isConstQualified() && !To->isRecordType())
        return Cast;
      return pointeeChangeThrough(*Cast, IsRaw);
    }
    const Expr &Use = Pointer;
    // The object itself: `*p`, `p->m`, `p[i]`.
    const Expr *Object = nullptr;
    const MemberExpr *Member = nullptr;
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(User);
        !IsRaw && Op && Op->getNumArgs() == 1 && Op->getArg(0) == Outer) {
      if (Op->getOperator() == OO_Star)
        Object = Op;
      else if (Op->getOperator() == OO_Arrow) {
        const Expr *ArrowOuter = nullptr;
        Member = dyn_cast_or_null<MemberExpr>(Parents.user(*Op, ArrowOuter));
        if (!Member)
          return Op;
      }
    } else if (const auto *M = dyn_cast_or_null<MemberExpr>(User); IsRaw && M && M->isArrow()) {
      Member = M;
    } else if (const auto *Unary = dyn_cast_or_null<UnaryOperator>(User);
               IsRaw && Unary && Unary->getOpcode() == UO_Deref) {
      Object = Unary;
    } else if (const auto *Subscript = dyn_cast_or_null<ArraySubscriptExpr>(User);
               IsRaw && Subscript && Subscript->getBase() == Outer) {
      Object = Subscript;
    }
    if (Member) {
      if (const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl()))
        return Method->isConst() ? nullptr : Member;
      return analyzer().findMutation(Member);
    }
    if (Object)
      return analyzer().findMutation(Object);
    if (IsRaw)
      return analyzer().findPointeeMutation(&Use);
    // `p.defined()`, `if (p)`: const members of the handle that hand out no
    // pointer to the object. Anything else (passing the handle on, `get()`)
    // may reach the object.
    if (const auto *Handle = dyn_cast_or_null<MemberExpr>(User)) {
      const auto *Method = dyn_cast<CXXMethodDecl>(Handle->getMemberDecl());
      if (Method && Method->isConst() && !Method->getReturnType()->isPointerType() &&
          !Method->getReturnType()->isReferenceType())
        return nullptr;
    }
    return User ? User : &Use;
  }

  /// A change of the variable named by \p Use. A non-const accessor that has
  /// a const overload (`v.toTensor()` on a non-const IValue, `stack[i]`), or
  /// a chain of them (`elements[0].toTensor()`), is a read when what the last
  /// one returns is only read, as performance-unnecessary-copy-initialization
  /// also decides.
  const Stmt *changeThrough(const DeclRefExpr &Use) {
    const Expr *Accessed = nullptr;
    for (const Expr *Object = &Use;;) {
      const ObjectCall C = callOnObject(*Object, Parents);
      if (!C.Method || C.Method->isConst() || !C.Method->getReturnType()->isLValueReferenceType() ||
          !hasConstOverload(*C.Method))
        break;
      Accessed = Object = C.Call;
    }
    if (Accessed)
      return isPlainRead(*Accessed, Parents) ? nullptr : analyzer().findMutation(Accessed);
    if (isPlainRead(Use, Parents))
      return nullptr;
    if (const Expr *Write = plainWriteOf(Use, Parents))
      return Write;
    return analyzer().findMutation(&Use);
  }

  const Stmt &Scope;
  ASTContext &Ctx;
  const LocalParents &Parents;
  std::optional<ExprMutationAnalyzer> Analyzer;
};

/// A class whose elements live in storage it does not own: c10::ArrayRef
/// (at::TensorList, the stack slices torch::jit::last returns), std::span,
/// std::initializer_list. An element read through one is read from what the
/// view was made from, which other names reach.
bool isViewClass(const CXXRecordDecl *Record) {
  if (!Record || !Record->getIdentifier())
    return false;
  const StringRef Name = Record->getName();
  if (Record->isInStdNamespace())
    return Name == "span" || Name == "initializer_list" || Name == "basic_string_view";
  return (Name == "ArrayRef" || Name == "OptionalArrayRef" || Name == "IListRef") &&
         isInTopLevelNamespace(*Record, "c10");
}

bool isView(QualType T) {
  return isViewClass(T.getNonReferenceType()->getAsCXXRecordDecl());
}

/// A member returning a reference into storage that copies of the handle
/// share: the tuple, list or string an IValue holds (`toTupleRef()`), a
/// c10::List's or c10::Dict's elements, a tensor's implementation, a view's
/// elements, anything of a user class (it may point anywhere). Standard
/// containers and an IValue's own payload (`toTensor()`) are the object's
/// own storage.
bool readsSharedPayload(const CXXMethodDecl &Method) {
  const CXXRecordDecl *Class = Method.getParent();
  const std::string Name = Class->getQualifiedNameAsString();
  if (Name == "c10::IValue")
    return !Method.getIdentifier() || Method.getName().ends_with("Ref");
  if (Name == "c10::List" || Name == "c10::Dict" || Name == "c10::intrusive_ptr")
    return true;
  return !Class->isInStdNamespace() || isViewClass(Class);
}

/// `torch::jit::last(stack, n)`, `torch::jit::peekSlice(stack, i, len, n)`:
/// a view of the stack's last elements.
bool isStackSlice(const FunctionDecl &Callee) {
  if (!isNamed(&Callee, "last") && !isNamed(&Callee, "peekSlice"))
    return false;
  const std::string Name = Callee.getQualifiedNameAsString();
  return Name == "torch::jit::last" || Name == "torch::jit::peekSlice";
}

/// An element accessor of c10::List (`get(i)`, `operator[]` on a const list),
/// which returns a reference into storage every handle of the list shares.
bool isListElementAccess(const Expr &Source) {
  const Expr *E = Source.IgnoreParenImpCasts();
  const CXXMethodDecl *Method = nullptr;
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
    Method = Call->getMethodDecl();
  else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    Method = dyn_cast_or_null<CXXMethodDecl>(Op->getCalleeDecl());
  return Method && isNamed(Method->getParent(), "List") &&
         isInTopLevelNamespace(*Method->getParent(), "c10");
}

/// The range-for over a c10::List whose hidden iterator \p Op dereferences
/// (`*__begin`, which yields an element reference, not the element).
const CXXForRangeStmt *listRangeForOfDereference(const CXXOperatorCallExpr &Op,
                                                 const LocalParents &Parents) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Op.getCalleeDecl());
  if (Op.getOperator() != OO_Star || Op.getNumArgs() != 1 || !Method ||
      !isNamed(Method->getParent(), "ListIterator"))
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(Op.getArg(0)->IgnoreParenImpCasts());
  const auto *Iterator = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Iterator || !Iterator->isImplicit() || !Iterator->getInit())
    return nullptr;
  const Stmt *Declaration = Parents.parent(*Iterator->getInit());
  const auto *Loop =
      dyn_cast_or_null<CXXForRangeStmt>(Declaration ? Parents.parent(*Declaration) : nullptr);
  if (!Loop || Loop->getBeginStmt() != Declaration || !Loop->getRangeInit())
    return nullptr;
  const auto *List = Loop->getRangeInit()->getType()->getAsCXXRecordDecl();
  return isNamed(List, "List") && isInTopLevelNamespace(*List, "c10") ? Loop : nullptr;
}

/// The range-for whose loop variable \p Var is copied from the element
/// reference a c10::List iterator yields (`for (IValue v : list)`): the only
/// range-for copy this analysis takes. performance-for-range-copy leaves it
/// (the iterator returns a proxy); every other one is that check's.
const CXXForRangeStmt *listRangeForCopy(const VarDecl &Var, const Expr &Source,
                                        const LocalParents &Parents) {
  const auto *Conversion = dyn_cast<CXXMemberCallExpr>(Source.IgnoreParenImpCasts());
  if (!Conversion || !isa_and_nonnull<CXXConversionDecl>(Conversion->getMethodDecl()) ||
      !Conversion->getImplicitObjectArgument())
    return nullptr;
  const auto *Op =
      dyn_cast<CXXOperatorCallExpr>(Conversion->getImplicitObjectArgument()->IgnoreParenImpCasts());
  const CXXForRangeStmt *Loop = Op ? listRangeForOfDereference(*Op, Parents) : nullptr;
  return Loop && Loop->getLoopVariable() == &Var ? Loop : nullptr;
}

/// Follows a borrowed source expression to its root. Returns false when the
/// expression is not borrowed from something that outlives the copy (a
/// temporary, a value) or has a shape the check does not follow.
class PathWalker {
public:
  explicit PathWalker(const LocalParents &Parents) : Parents(Parents) {}

  bool walk(const Expr &Source, CopySource &P, unsigned Depth = 0) {
    if (Depth > MaxPathDepth)
      return false;
    const Expr *E = Source.IgnoreParenImpCasts();
    if (!E->isLValue())
      return false;
    P.Storage.addType(E->getType());
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return variable(*Ref, P, Depth);
    if (isa<CXXThisExpr>(E))
      return false; // `*this` copied whole: not a handle of the listed classes.
    if (const auto *Member = dyn_cast<MemberExpr>(E)) {
      if (const auto *Static = dyn_cast<VarDecl>(Member->getMemberDecl())) {
        P.unsafe("'" + Static->getNameAsString() + "' is a static member: any code can change it");
        return true;
      }
      if (!isa<FieldDecl>(Member->getMemberDecl()))
        return false;
      if (Member->isArrow())
        return pointee(*Member->getBase(), P, Depth);
      return walk(*Member->getBase(), P, Depth + 1);
    }
    if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *Method = Call->getMethodDecl();
      const auto *Callee = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens());
      if (!Method || !Callee || !Method->getReturnType()->isLValueReferenceType())
        return false;
      if (readsSharedPayload(*Method))
        P.Storage.Shared = true;
      checkArguments(Call->arguments(), Method, P);
      if (Callee->isArrow())
        return pointee(*Call->getImplicitObjectArgument(), P, Depth);
      if (isViewClass(Method->getParent()))
        return view(*Call->getImplicitObjectArgument(), P, Depth + 1);
      if (const Expr *List = listOfElementReference(*Call->getImplicitObjectArgument()))
        return walk(*List, P, Depth + 1);
      return walk(*Call->getImplicitObjectArgument(), P, Depth + 1);
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
      const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Op->getCalleeDecl());
      if (!Method || Op->getNumArgs() == 0)
        return false;
      if (Op->getOperator() == OO_Subscript) {
        if (readsSharedPayload(*Method))
          P.Storage.Shared = true;
        checkArguments(llvm::drop_begin(Op->arguments()), Method, P);
        if (isViewClass(Method->getParent()))
          return view(*Op->getArg(0), P, Depth + 1);
        return walk(*Op->getArg(0), P, Depth + 1);
      }
      if (Op->getOperator() == OO_Star && Op->getNumArgs() == 1)
        return pointee(*Op->getArg(0), P, Depth);
      return false;
    }
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = Subscript->getBase()->IgnoreParenImpCasts();
      if (Base->getType()->isArrayType())
        return walk(*Base, P, Depth + 1);
      return pointee(*Subscript->getBase(), P, Depth);
    }
    if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
      if (Unary->getOpcode() == UO_Deref)
        return pointee(*Unary->getSubExpr(), P, Depth);
      return false;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (!Callee || !Callee->getReturnType()->isLValueReferenceType())
        return false;
      P.unsafe("the reference returned by '" + Callee->getNameAsString() +
               "()' points to something the check cannot follow");
      return true;
    }
    return false;
  }

private:
  bool variable(const DeclRefExpr &Ref, CopySource &P, unsigned Depth) {
    const auto *Var = dyn_cast<VarDecl>(Ref.getDecl());
    if (!Var)
      return false;
    P.PathRefs.insert(&Ref);
    P.Storage.OnPath.insert(Var);
    P.Storage.addType(Var->getType());
    const std::string Name = "'" + Var->getNameAsString() + "'";
    if (Ref.refersToEnclosingVariableOrCapture()) {
      P.unsafe(Name + " is captured by a lambda or block: its owner can change it");
      return true;
    }
    if (isa<ParmVarDecl>(Var)) {
      P.Stable.push_back(Var);
      if (Var->getType()->isReferenceType() || Var->getType()->isPointerType() ||
          isView(Var->getType()))
        P.Storage.Shared = true; // the caller's object, which other names may reach
      return true;
    }
    if (!Var->hasLocalStorage()) {
      P.unsafe(Name + " is a global or static variable: any code can change it");
      return true;
    }
    P.Stable.push_back(Var);
    if (isView(Var->getType()) && !Var->getType()->isReferenceType()) {
      // A view held by value: its elements are those of what it was made from.
      P.Storage.Shared = true;
      return Var->getInit() && viewSource(*Var->getInit(), P, Depth + 1);
    }
    if (!Var->getType()->isReferenceType())
      return true;
    // A local reference: follow what it is bound to.
    const Expr *Init = Var->getInit();
    if (!Init)
      return false;
    const Stmt *Declaration = Parents.parent(*Init);
    if (const auto *Loop = dyn_cast_or_null<CXXForRangeStmt>(
            Declaration ? Parents.parent(*Declaration) : nullptr);
        Loop && Loop->getLoopVariable() == Var) {
      // An element of the range: valid while the range is not changed.
      const Expr *Range = Loop->getRangeInit();
      if (Range && isView(Range->getType()))
        return view(*Range, P, Depth + 1);
      return Range && walk(*Range, P, Depth + 1);
    }
    if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(Init->IgnoreImplicitAsWritten())) {
      // `const auto& t = v.toTuple();` extends the temporary to the reference's
      // lifetime: it is as stable as a local (a view, as what it looks into).
      if (Temporary->getExtendingDecl() != Var)
        return false;
      if (isView(Temporary->getType())) {
        P.Storage.Shared = true;
        return viewSource(*Temporary->getSubExpr(), P, Depth + 1);
      }
      return true;
    }
    return walk(*Init, P, Depth + 1);
  }

  /// The path continues through the elements of the view \p Object: a view
  /// variable or parameter, or a view made in the expression.
  bool view(const Expr &Object, CopySource &P, unsigned Depth) {
    P.Storage.Shared = true;
    P.Storage.addType(Object.getType());
    const Expr *E = Object.IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return variable(*Ref, P, Depth);
    return viewSource(*E, P, Depth);
  }

  /// What the view that \p Made builds looks into: the container an
  /// ArrayRef is made from (`c10::ArrayRef<IValue> args = stack;`), the
  /// stack `torch::jit::last(stack, n)` slices, the view `v.slice(i)` is
  /// part of. Any other view (a pointer and a length, a temporary
  /// container) is not followed.
  bool viewSource(const Expr &Made, CopySource &P, unsigned Depth) {
    if (Depth > MaxPathDepth)
      return false;
    const Expr *E = Made.IgnoreParenImpCasts();
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E)) // `c10::ArrayRef<IValue>(v)`
      E = Cast->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
      if (!isView(Construct->getType()) || Construct->getNumArgs() == 0 ||
          llvm::any_of(llvm::drop_begin(Construct->arguments()),
                       [](const Expr *Arg) { return !isa<CXXDefaultArgExpr>(Arg); }))
        return false;
      const Expr *From = Construct->getArg(0)->IgnoreParenImpCasts();
      if (isView(From->getType()))
        return view(*From, P, Depth + 1);
      if (!From->isLValue() || !From->getType()->isRecordType())
        return false;
      return walk(*From, P, Depth + 1);
    }
    const auto *Call = dyn_cast<CallExpr>(E);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || !isView(Call->getType()))
      return false;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
      const CXXMethodDecl *Method = Member->getMethodDecl();
      const Expr *Object = Member->getImplicitObjectArgument();
      if (!Method || !Object || !isViewClass(Method->getParent()) ||
          !isa<MemberExpr>(Member->getCallee()->IgnoreParens()) ||
          cast<MemberExpr>(Member->getCallee()->IgnoreParens())->isArrow())
        return false;
      return view(*Object, P, Depth + 1);
    }
    if (!isStackSlice(*Callee) || Call->getNumArgs() == 0)
      return false;
    const Expr *Stack = Call->getArg(0);
    if (Stack->IgnoreParenImpCasts()->getType()->isPointerType())
      return pointee(*Stack, P, Depth);
    return walk(*Stack, P, Depth + 1);
  }

  /// The path continues through what \p Pointer points to. Only a pointer (or
  /// smart pointer) variable named directly can be checked, also cast from
  /// `void*` (`*static_cast<at::Tensor*>(p)`).
  bool pointee(const Expr &Pointer, CopySource &P, unsigned Depth) {
    P.Storage.Shared = true;
    const Expr *Q = Pointer.IgnoreParenImpCasts();
    if (const auto *Arrow = dyn_cast<CXXOperatorCallExpr>(Q);
        Arrow && (Arrow->getOperator() == OO_Arrow || Arrow->getOperator() == OO_Star) &&
        Arrow->getNumArgs() == 1)
      Q = Arrow->getArg(0)->IgnoreParenImpCasts();
    if (const Expr *Erased = castFromUntypedPointer(*Q)) {
      // Anything given the `void*` may write the object: the alias scan
      // counts such pointers as the object's (BorrowedStorage::Types).
      QualType Void = Erased->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
      if (!llvm::is_contained(P.Storage.Types, Void))
        P.Storage.Types.push_back(Void);
      Q = Erased;
    }
    if (isa<CXXThisExpr>(Q)) {
      P.unsafe("it is a member of '*this': a call to any non-const member function can change it");
      return true;
    }
    if (const auto *Getter = dyn_cast<CXXMemberCallExpr>(Q->IgnoreImplicit())) {
      // `var.ivalue()->...` where `ivalue()` is seen to return `&value_`:
      // the member `var.value_`, followed as `var.value_.` would be.
      const auto *Callee = dyn_cast<MemberExpr>(Getter->getCallee()->IgnoreParens());
      const FieldDecl *Field = fieldAddressReturnedBy(Getter->getMethodDecl());
      if (Callee && Field && Getter->getImplicitObjectArgument()) {
        P.Storage.addType(Field->getType());
        if (Callee->isArrow())
          return pointee(*Getter->getImplicitObjectArgument(), P, Depth + 1);
        return walk(*Getter->getImplicitObjectArgument(), P, Depth + 1);
      }
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(Q);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var) {
      // `v.toTuple()->...` on a variable: the temporary handle shares the
      // tuple with `v`, which keeps it alive as long as `v` is unchanged.
      if (const auto *Owning = dyn_cast<CXXMemberCallExpr>(Q->IgnoreImplicit());
          Owning && Owning->getImplicitObjectArgument() &&
          Owning->getImplicitObjectArgument()->isLValue() &&
          llvm::any_of(SharingAccessors, [&](StringRef Name) {
            return isNamed(Owning->getMethodDecl(), Name);
          }))
        return walk(*Owning->getImplicitObjectArgument(), P, Depth + 1);
      if (!Q->isLValue())
        return false; // A temporary handle of its own: `make()->...`.
      if (!walk(*Q, P, Depth + 1))
        return false;
      P.unsafe("it is reached through a pointer that is not a local variable or parameter");
      return true;
    }
    if (P.PointerRoot) {
      P.unsafe("it is reached through more than one pointer");
      return variable(*Ref, P, Depth + 1);
    }
    P.PointerRoot = Var;
    return variable(*Ref, P, Depth + 1);
  }

  /// The list a non-const c10::List's `list[i]` indexes, or the range a
  /// range-for over a c10::List iterates, when \p Object is the element
  /// reference either returns (a temporary whose conversion to `const T&`
  /// reads the list's storage).
  const Expr *listOfElementReference(const Expr &Object) const {
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(Object.IgnoreParenImpCasts());
    if (!Op || !Op->isPRValue())
      return nullptr;
    if (Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2 && isListElementAccess(*Op))
      return Op->getArg(0);
    if (const CXXForRangeStmt *Loop = listRangeForOfDereference(*Op, Parents))
      return Loop->getRangeInit();
    return nullptr;
  }

  /// The field of `*this` whose address the member function \p Method
  /// returns, when its visible body is only `return &field;`.
  static const FieldDecl *fieldAddressReturnedBy(const CXXMethodDecl *Method) {
    const FunctionDecl *Definition = nullptr;
    if (!Method || Method->isVirtual() || !Method->getReturnType()->isPointerType() ||
        !Method->hasBody(Definition))
      return nullptr;
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Definition->getBody());
    const auto *Return =
        Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front()) : nullptr;
    const auto *AddressOf = Return && Return->getRetValue()
                                ? dyn_cast<UnaryOperator>(Return->getRetValue()->IgnoreParenImpCasts())
                                : nullptr;
    if (!AddressOf || AddressOf->getOpcode() != UO_AddrOf)
      return nullptr;
    const auto *Member = dyn_cast<MemberExpr>(AddressOf->getSubExpr()->IgnoreParens());
    if (!Member || !isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
      return nullptr;
    return dyn_cast<FieldDecl>(Member->getMemberDecl());
  }

  /// The `void*` operand of `static_cast<T*>(p)`, `reinterpret_cast<T*>(p)`
  /// or `(T*)p`; null for any other expression.
  static const Expr *castFromUntypedPointer(const Expr &E) {
    const auto *Cast = dyn_cast<ExplicitCastExpr>(&E);
    if (!Cast || !isa<CXXStaticCastExpr, CXXReinterpretCastExpr, CStyleCastExpr>(Cast) ||
        !Cast->getType()->isPointerType())
      return nullptr;
    const Expr *From = Cast->getSubExpr()->IgnoreParenImpCasts();
    if (!From->getType()->isPointerType() || !From->getType()->getPointeeType()->isVoidType())
      return nullptr;
    return From;
  }

  /// A temporary bound to a reference parameter may be what the call returns.
  template <typename Range>
  void checkArguments(Range &&Args, const CXXMethodDecl *Method, CopySource &P) {
    for (const Expr *Arg : Args)
      if (isa<MaterializeTemporaryExpr>(Arg->IgnoreImpCasts()) &&
          !Arg->getType()->isScalarType())
        P.unsafe("'" + Method->getNameAsString() +
                 "()' is passed a temporary the reference could point into");
  }

  const LocalParents &Parents;
};

/// Whether performance-unnecessary-copy-initialization (LLVM 19 and later)
/// reports this copy: a copy of a local variable or parameter, of a call to a
/// free function without arguments returning a const reference, or of a call
/// to a method returning a reference on a variable `v.f()` / `(*p)[i]` / `p->f()`
/// that is only read -- recursively for local references and pointers. Its
/// test of "only read" treats a non-const method with a const overload as a
/// read, as Mutations::changeOf does.
bool upstreamReports(const Expr &Init, Mutations &M, const CopySource &P, unsigned Depth = 0);

bool upstreamImmutable(const VarDecl &Var, Mutations &M, const CopySource &P, unsigned Depth) {
  if (M.changeOf(Var, P.PathRefs))
    return false;
  QualType T = Var.getType().getCanonicalType();
  if (!T->isReferenceType() && !T->isPointerType())
    return true;
  if (!Var.isLocalVarDecl() || !Var.hasInit())
    return true;
  const Expr *Init = Var.getInit()->IgnoreImpCasts();
  if (const auto *AddrOf = dyn_cast<UnaryOperator>(Init); AddrOf && AddrOf->getOpcode() == UO_AddrOf)
    Init = AddrOf->getSubExpr();
  return upstreamReports(*Init, M, P, Depth + 1);
}

bool upstreamReports(const Expr &Init, Mutations &M, const CopySource &P, unsigned Depth) {
  if (Depth > MaxPathDepth)
    return false;
  const Expr *E = Init.IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    return Var && Var->hasLocalStorage() && upstreamImmutable(*Var, M, P, Depth);
  }
  const Expr *Object = nullptr;
  const CXXMethodDecl *Method = nullptr;
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
    Object = Call->getImplicitObjectArgument();
    Method = Call->getMethodDecl();
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E); Op && Op->getNumArgs() > 0) {
    Method = dyn_cast_or_null<CXXMethodDecl>(Op->getCalleeDecl());
    Object = Op->getArg(0);
  } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    const auto *AsMethod = dyn_cast_or_null<CXXMethodDecl>(Callee);
    QualType R = Callee ? Callee->getReturnType() : QualType();
    return Callee && Call->getNumArgs() == 0 && (!AsMethod || AsMethod->isStatic()) &&
           R->isReferenceType() && R.getNonReferenceType().isConstQualified();
  }
  if (!Method || Method->isStatic() || !Method->getReturnType()->isReferenceType() || !Object)
    return false;
  Object = Object->IgnoreParenImpCasts();
  if (const auto *Deref = dyn_cast<UnaryOperator>(Object); Deref && Deref->getOpcode() == UO_Deref)
    Object = Deref->getSubExpr()->IgnoreParenImpCasts();
  const auto *Receiver = dyn_cast<DeclRefExpr>(Object);
  const auto *Var = Receiver ? dyn_cast<VarDecl>(Receiver->getDecl()) : nullptr;
  return Var && upstreamImmutable(*Var, M, P, Depth);
}

/// Whether \p Use hands the copy's ownership on or lets it escape: moved
/// from, returned, thrown, address taken, captured by value.
bool needsOwnership(const DeclRefExpr &Use, const VarDecl &Var,
                    const LocalParents &Parents) {
  const Expr *Outer = nullptr;
  const Stmt *User = Parents.user(Use, Outer);
  // `return t;` and `throw t;` construct the result from `t` (a move).
  // Only a one-argument construction: `std::pair{a, b}` is not a return of `a`.
  while (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(User)) {
    if (Construct->getNumArgs() == 0 || Construct->getArg(0) != Outer ||
        llvm::any_of(llvm::drop_begin(Construct->arguments()),
                     [](const Expr *Arg) { return !isa<CXXDefaultArgExpr>(Arg); }))
      break;
    User = Parents.user(*Construct, Outer);
  }
  if (isa_and_nonnull<ReturnStmt, CoreturnStmt, CXXThrowExpr>(User))
    return true;
  if (const auto *Unary = dyn_cast_or_null<UnaryOperator>(User);
      Unary && Unary->getOpcode() == UO_AddrOf)
    return true;
  if (isStdMoveOrForward(User))
    return true;
  if (const auto *Call = dyn_cast_or_null<CallExpr>(User)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->isInStdNamespace() && isNamed(Callee, "addressof"))
      return true;
  }
  if (Use.refersToEnclosingVariableOrCapture()) {
    // The innermost lambda decides how `Var` is captured.
    for (const Stmt *P = Parents.parent(Use); P; P = Parents.parent(*P))
      if (const auto *Lambda = dyn_cast<LambdaExpr>(P)) {
        for (const LambdaCapture &Capture : Lambda->captures())
          if (Capture.capturesVariable() && Capture.getCapturedVar() == &Var)
            return Capture.getCaptureKind() == LCK_ByCopy;
        break;
      }
  }
  return false;
}

} // namespace

/// `const auto& ` or `const T& ` for the declaration of \p Var.
std::optional<std::string> referenceDeclarator(const VarDecl &Var, const ASTContext &Ctx) {
  if (Var.getType()->getContainedAutoType())
    return std::string("const auto& ");
  TypeSourceInfo *Written = Var.getTypeSourceInfo();
  if (!Written)
    return std::nullopt;
  // The replaced range starts at the declaration, so a written `const`
  // (before or after the type) goes away with the rest.
  std::string Type = sourceText(Written->getTypeLoc().getUnqualifiedLoc().getSourceRange(), Ctx);
  if (Type.empty() || Var.getType().isVolatileQualified())
    return std::nullopt;
  return "const " + Type + "& ";
}

std::optional<BorrowCandidate> findBorrowCandidate(const VarDecl &Var, const CXXConstructExpr &Copy,
                                                   const FunctionDecl &Function,
                                                   const LocalParents &Parents, ASTContext &Ctx) {
  if (Copy.getNumArgs() == 0 ||
      llvm::any_of(llvm::drop_begin(Copy.arguments()),
                   [](const Expr *Arg) { return !isa<CXXDefaultArgExpr>(Arg); }))
    return std::nullopt;
  const Expr &Source = *Copy.getArg(0);
  // The same class on both sides: `const auto&` keeps the variable's type.
  if (!Ctx.hasSameUnqualifiedType(Source.IgnoreParenImpCasts()->getType(), Var.getType()))
    return std::nullopt;
  // A copy of a variable: upstream's finding for locals and parameters, and
  // often a deliberate snapshot of a global.
  if (isa<DeclRefExpr>(Source.IgnoreParenImpCasts()))
    return std::nullopt;
  // The variable lives in the block its declaration is in (for-init and
  // condition variables are left alone), or, a loop variable copied out of a
  // c10::List, in the loop's body.
  const auto *Declaration = dyn_cast_or_null<DeclStmt>(Parents.parent(*Var.getInit()));
  const Stmt *Scope =
      Declaration ? dyn_cast_or_null<CompoundStmt>(Parents.parent(*Declaration)) : nullptr;
  if (Var.isCXXForRangeDecl())
    if (const CXXForRangeStmt *Loop = listRangeForCopy(Var, Source, Parents))
      Scope = Loop->getBody();
  if (!Scope)
    return std::nullopt;
  CopySource Path;
  Path.Storage.Shared = false;
  if (!PathWalker(Parents).walk(Source, Path))
    return std::nullopt;
  SmallVector<const DeclRefExpr *, 8> Uses = Parents.usesOf(Var, *Scope);
  if (Uses.empty())
    return std::nullopt; // An unused copy may keep the object alive on purpose.
  if (llvm::any_of(Uses, [&](const DeclRefExpr *Use) { return needsOwnership(*Use, Var, Parents); }))
    return std::nullopt;
  return BorrowCandidate{&Var, &Source, Scope, Declaration, &Function, &Parents, std::move(Path)};
}

BorrowJudgement judgeBorrow(const BorrowCandidate &C, ASTContext &Ctx) {
  BorrowJudgement V;
  const VarDecl &Var = *C.Var;
  const CopySource &Path = C.Path;
  Mutations M(*C.Scope, Ctx, *C.Parents);
  if (!Var.getType().isConstQualified() && M.isMutated(Var))
    return V;
  V.OnlyRead = true;
  // performance-unnecessary-copy-initialization also borrows a c10::List
  // element (`list.get(i)` on PyTorch 2.x, a const list's `list[i]`) without
  // asking whether another handle of the list changes it; the borrow proven
  // below is this check's finding unless that check is enabled and reports
  // the copy (OwnershipDecision).
  V.UpstreamReports = !Var.isCXXForRangeDecl() && !isListElementAccess(*C.Source) &&
                      upstreamReports(*C.Source, M, Path);
  if (!Path.Unsafe.empty()) {
    // Out of sight, unless the block itself changes the member borrowed
    // from (`auto v = stack_.back(); stack_.pop_back();`): then it is broken.
    if (const Stmt *Change = memberChangedAfter(*C.Source, *C.Scope, C.Declaration->getEndLoc(), Ctx)) {
      V.Reason = "what '" + Var.getNameAsString() + "' is copied from is modified while it is alive";
      V.Notes.push_back({Change->getBeginLoc(), "it is modified here"});
      V.Safety = BorrowSafety::Broken;
      return V;
    }
    V.Safety = BorrowSafety::Unproven;
    V.Reason = Path.Unsafe;
    return V;
  }
  for (const VarDecl *Stable : Path.Stable)
    if (const Stmt *Change = M.changeOf(*Stable, Path.PathRefs)) {
      V.Safety = BorrowSafety::Broken;
      V.Reason = "'" + Stable->getNameAsString() + "' is modified while '" +
                 Var.getNameAsString() + "' is alive";
      V.Notes.push_back(
          {Change->getBeginLoc(), "'" + Stable->getNameAsString() + "' is modified here"});
      return V;
    }
  if (Path.PointerRoot)
    if (const Stmt *Change = M.pointeeChangeOf(*Path.PointerRoot, Path.PathRefs)) {
      V.Safety = BorrowSafety::Broken;
      V.Reason = "the object '" + Path.PointerRoot->getNameAsString() +
                 "' points to may be modified while '" + Var.getNameAsString() + "' is alive";
      V.Notes.push_back({Change->getBeginLoc(), "it may be modified here"});
      return V;
    }
  // Nothing else may change the storage while the reference lives: no
  // aliasing handle or reference written, no code out of sight called.
  BorrowedStorage Storage = Path.Storage;
  Storage.Borrower = &Var;
  Storage.addType(Var.getType());
  // The whole rest of the block, not only while the reference is read: a
  // change after the last read may still release what the copy would have
  // held to the end of the block, and a destructor may show when. Such a
  // change alone leaves the advice standing, without the fix-it.
  AliasWrite W = sharedStateWriteIn(*C.Scope, C.Declaration->getEndLoc(), Storage, Ctx);
  if (!W) {
    V.Safety = BorrowSafety::Proven;
    return V;
  }
  V.Notes.push_back({W.At->getBeginLoc(), W.Why});
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation WrittenAt = SM.getExpansionLoc(W.At->getBeginLoc());
  // A name of the variable after the write is a read after it: no need to
  // find where its reads end. The last name of the walk is asked (nearly
  // always the last in the file; when not, the full answer is computed).
  llvm::ArrayRef<const DeclRefExpr *> Names = C.Parents->usesOf(Var);
  const bool NamedAfter =
      !Names.empty() &&
      SM.isBeforeInTranslationUnit(WrittenAt, SM.getExpansionLoc(Names.back()->getBeginLoc()));
  if (!NamedAfter && writesOnlyAfter(W, borrowLiveRange(Var, *C.Parents, Ctx).End, *C.Scope,
                                      C.Declaration->getEndLoc(), Storage, Ctx)) {
    V.Safety = BorrowSafety::ReadsProven;
    V.Reason = "what '" + Var.getNameAsString() + "' is copied from may be changed through "
               "another name after its last read, which could release what the copy keeps "
               "alive to the end of the block: " + W.Why;
    return V;
  }
  V.Safety = BorrowSafety::Unproven;
  V.Reason = "what '" + Var.getNameAsString() + "' is copied from may be changed through another "
             "name while it is alive: " + W.Why;
  return V;
}

bool upstreamCopyInitReports(const VarDecl &Var, const CXXConstructExpr &Copy,
                             const LocalParents &Parents, ASTContext &Ctx) {
  if (Copy.getNumArgs() == 0 || !Var.getInit())
    return false;
  const auto *Declaration = dyn_cast_or_null<DeclStmt>(Parents.parent(*Var.getInit()));
  const auto *Scope =
      Declaration ? dyn_cast_or_null<CompoundStmt>(Parents.parent(*Declaration)) : nullptr;
  if (!Scope)
    return false;
  Mutations M(*Scope, Ctx, Parents);
  if (!Var.getType().isConstQualified() && M.isMutated(Var))
    return false;
  // Upstream counts binding a non-const reference parameter as a write, even
  // a forwarding one that only copies (`std::make_tuple(x)`); the analyzer
  // looks into the callee and does not.
  for (const DeclRefExpr *Use : Parents.usesOf(Var, *Scope)) {
    const Expr *Outer = nullptr;
    const Stmt *User = Parents.user(*Use, Outer);
    const auto *Call = dyn_cast_or_null<Expr>(User);
    if (!Call || !isa<CallExpr, CXXConstructExpr>(Call))
      continue;
    ParameterBinding B = parameterBoundTo(*Call, *Outer);
    if (B.Param && B.Param->getType()->isLValueReferenceType() &&
        !B.Param->getType()->getPointeeType().isConstQualified())
      return false;
  }
  return upstreamReports(*Copy.getArg(0), M, CopySource());
}

} // namespace clang::tidy::c10::utils
