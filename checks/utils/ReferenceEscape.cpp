//===- ReferenceEscape.cpp ------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/ReferenceEscape.h"
#include "utils/ArgumentParameters.h"
#include "utils/LocalParents.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::c10::utils {

namespace {

/// How many callees deep a parameter is followed before the analysis gives
/// up and counts it as kept.
constexpr unsigned MaxCalleeDepth = 3;

/// A value that refers into the object rather than being a copy of it.
bool refersInto(const Expr &E) { return E.isGLValue() || E.getType()->isPointerType(); }

bool isInLibraryNamespace(const DeclContext *DC) {
  for (; DC; DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS || !isa<TranslationUnitDecl>(NS->getParent()))
      continue;
    if (!NS->getIdentifier())
      return false;
    const StringRef Name = NS->getName();
    return Name == "std" || Name == "c10" || Name == "at" || Name == "torch" || Name == "caffe2" ||
           Name == "__gnu_cxx";
  }
  return false;
}

} // namespace

bool isTypeErasedCallable(const CXXRecordDecl &Record) {
  if (!Record.getIdentifier())
    return false;
  const StringRef Name = Record.getName();
  return Name == "function" || Name == "move_only_function" || Name == "function_ref" ||
         Name == "packaged_task";
}

static bool mayHoldPointer(const CXXRecordDecl &Record, unsigned Depth);

namespace {

bool mayHoldPointerField(const CXXRecordDecl &Record, unsigned Depth) {
  return mayHoldPointer(Record, Depth);
}

/// A library class that owns resources and still refers to another object:
/// a template holding a reference, pointer or view among its arguments
/// (`std::tuple<const at::Tensor&, std::string>`, `std::pair<const IValue&,
/// std::string>`, `std::vector<c10::IntArrayRef>`), or c10::MaybeOwned,
/// whose borrowed state is a bitwise copy of the object it borrows.
bool libraryClassRefers(const CXXRecordDecl &Record, unsigned Depth) {
  if (Record.getIdentifier() && Record.getName() == "MaybeOwned")
    return true;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(&Record);
  if (!Spec || Depth > 4)
    return false;
  llvm::SmallVector<TemplateArgument, 8> Args(Spec->getTemplateArgs().asArray());
  while (!Args.empty()) {
    TemplateArgument Arg = Args.pop_back_val();
    if (Arg.getKind() == TemplateArgument::Pack) {
      llvm::append_range(Args, Arg.getPackAsArray());
      continue;
    }
    if (Arg.getKind() != TemplateArgument::Type)
      continue;
    QualType T = Arg.getAsType().getCanonicalType();
    if (T->isReferenceType() || T->isPointerType() || T->isMemberPointerType())
      return true;
    const auto *Inner = T->getAsCXXRecordDecl();
    if (!Inner)
      continue;
    if (!Inner->hasDefinition())
      return true;
    if ((Inner->hasTrivialDestructor() && mayHoldPointerField(*Inner, 0)) ||
        isTypeErasedCallable(*Inner) || libraryClassRefers(*Inner->getDefinition(), Depth + 1))
      return true;
  }
  return false;
}

/// A class one of whose objects may hold a reference or pointer to another
/// object: a member (of it or a base, or of a member of a user class) that
/// can borrow, or a type-erased callable.
bool mayHoldReference(const CXXRecordDecl *Record, const ASTContext &Ctx, unsigned Depth = 0) {
  if (!Record || !Record->hasDefinition())
    return true;
  Record = Record->getDefinition();
  if (Depth > 4)
    return true;
  if (isTypeErasedCallable(*Record))
    return true;
  if (isLibraryCode(*Record, Ctx))
    return Record->hasTrivialDestructor() || libraryClassRefers(*Record, 0); // a view
  for (const FieldDecl *Field : Record->fields()) {
    QualType T = Field->getType();
    if (T->isReferenceType() || T->isPointerType() || T->isMemberPointerType())
      return true;
    if (const CXXRecordDecl *Member = T->getAsCXXRecordDecl();
        Member && mayHoldReference(Member, Ctx, Depth + 1))
      return true;
  }
  for (const CXXBaseSpecifier &Base : Record->bases())
    if (mayHoldReference(Base.getType()->getAsCXXRecordDecl(), Ctx, Depth + 1))
      return true;
  return false;
}

class EscapeWalker {
public:
  EscapeWalker(ASTContext &Ctx, unsigned Depth,
               llvm::SmallVectorImpl<const VarDecl *> *BoundTo = nullptr)
      : Ctx(Ctx), Depth(Depth), BoundTo(BoundTo) {}

  bool escapes(const Expr &Use, llvm::function_ref<const Stmt *(const Stmt &)> Parent) {
    const Expr *E = &Use;
    bool Derived = false;
    for (const Stmt *P = Parent(*E); P; P = Parent(*E)) {
      if (isa<ParenExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr, ExprWithCleanups>(P)) {
        E = cast<Expr>(P);
        continue;
      }
      if (const auto *Cast = dyn_cast<CastExpr>(P)) {
        switch (Cast->getCastKind()) {
        case CK_NoOp:
        case CK_DerivedToBase:
        case CK_UncheckedDerivedToBase:
        case CK_BaseToDerived:
        case CK_Dynamic:
        case CK_BitCast:
        case CK_ReinterpretMemberPointer:
          E = Cast;
          continue;
        case CK_LValueToRValue:
          if (!Cast->getType()->isPointerType())
            return false;
          E = Cast;
          Derived = true;
          continue;
        default:
          return false;
        }
      }
      if (const auto *Op = dyn_cast<UnaryOperator>(P)) {
        if (Op->getOpcode() == UO_AddrOf)
          return true;
        if (Op->getOpcode() != UO_Deref)
          return false;
        E = Op;
        Derived = true;
        continue;
      }
      if (const auto *Member = dyn_cast<MemberExpr>(P)) {
        if (Member->getBase()->IgnoreParenImpCasts() != E->IgnoreParenImpCasts())
          return false;
        if (isa<FieldDecl>(Member->getMemberDecl())) {
          E = Member;
          Derived = true;
          continue;
        }
        const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(Parent(*Member));
        if (!Call)
          return false;
        // A reference, a pointer or a view into the object (`toStringView()`,
        // `begin()`) is followed on; a method of a user class may also keep
        // `this` somewhere.
        if (refersInto(*Call) || mayBorrow(Call->getType())) {
          E = Call;
          Derived = true;
          continue;
        }
        return thisMayBeKept(*Call);
      }
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(P);
          Op && Op->getNumArgs() > 0 && Op->getArg(0) == E &&
          isa_and_nonnull<CXXMethodDecl>(Op->getCalleeDecl())) {
        // `x = y` writes the variable; `x[i]`, `*x`, `x->` may hand out a
        // reference or pointer into it.
        if (Op->getOperator() == OO_Equal)
          return false;
        if (!refersInto(*Op) && !mayBorrow(Op->getType()))
          return thisMayBeKept(*Op);
        E = Op;
        Derived = true;
        continue;
      }
      if (isa<CallExpr, CXXConstructExpr>(P)) {
        const auto *Call = cast<Expr>(P);
        if (E->getType()->isPointerType() && !isLibraryCallee(*Call))
          return true;
        if (!refersInto(*E) && !mayBorrow(E->getType()))
          return false; // a copy of the value
        // What the call returns may refer into the argument: std::cref,
        // std::tie, makeArrayRef, a view's constructor, std::begin.
        if (refersInto(*Call) || mayBorrow(Call->getType())) {
          if (keepsArgument(*Call, *E))
            return true;
          E = Call;
          Derived = true;
          continue;
        }
        if (E->getType()->isPointerType())
          return true; // a pointer handed to library code that returns nothing borrowed
        return keepsArgument(*Call, *E);
      }
      if (isa<DeclStmt>(P)) {
        const VarDecl *Var = variableInitialisedIn(P, *E);
        return Var && mayBorrow(Var->getType()) && keptIn(*Var);
      }
      if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(P);
          Subscript && Subscript->getBase() == E) {
        // `p[i]` is an element of what the pointer points into.
        E = Subscript;
        Derived = true;
        continue;
      }
      if (const auto *Binary = dyn_cast<BinaryOperator>(P)) {
        if (Binary->isAdditiveOp() && Binary->getType()->isPointerType() &&
            E->getType()->isPointerType()) {
          // `p + n` points into the same object.
          E = Binary;
          Derived = true;
          continue;
        }
        if (Binary->isAssignmentOp() && Binary->getRHS() == E)
          return refersInto(*E) && (Derived || E->getType()->isPointerType());
        if (Binary->getOpcode() == BO_Comma && Binary->getRHS() == E) {
          E = Binary;
          continue;
        }
        return false;
      }
      if (const auto *Conditional = dyn_cast<AbstractConditionalOperator>(P)) {
        if (Conditional->getCond() == E || !Conditional->isGLValue())
          return false;
        E = Conditional;
        continue;
      }
      if (isa<LambdaExpr>(P)) // the initialiser of a by-reference capture
        return true;
      if (isa<InitListExpr, ParenListExpr, CXXParenListInitExpr>(P)) { // a member of an aggregate
        if (!refersInto(*E) && !mayBorrow(E->getType()))
          return false;
        // An aggregate local initialised with it (`View v{t.data_ptr<float>()};`)
        // can be followed like the pointer itself.
        const VarDecl *Var = variableInitialisedIn(Parent(*P), *cast<Expr>(P));
        return !Var || !mayBorrow(Var->getType()) || keptIn(*Var);
      }
      if (isa<ReturnStmt>(P))
        return false; // the caller decides what happens to a returned reference
      if (isDiscarded(*E, *P))
        return false; // the value is discarded (`memcpy(dst, t.data_ptr(), n);`)
      return Derived && refersInto(*E);
    }
    return false;
  }

  /// Whether \p Call may keep a reference to \p Argument after it returns.
  bool keepsArgument(const Expr &Call, const Expr &Argument) {
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(&Call)) {
      const CXXConstructorDecl *Ctor = Construct->getConstructor();
      // An argument copied into a parameter by value is not kept.
      ParameterBinding B = parameterBoundTo(Call, Argument);
      if (B.Param && !B.Param->getType()->isReferenceType() &&
          !B.Param->getType()->isPointerType() && !mayBorrow(B.Param->getType()))
        return false;
      // Library, defaulted and trivial constructors run no code of the user's.
      const bool NoUserCode = isLibraryCode(*Ctor, Ctx) || Ctor->isDefaulted() || Ctor->isTrivial();
      // A copy of a view (`auto row = acc[i];` handed on by value) is the
      // same view again: the walk follows the copy where it goes.
      if (NoUserCode && Ctor->isCopyOrMoveConstructor() && mayBorrow(Construct->getType()))
        return false;
      if (mayHoldReference(Ctor->getParent(), Ctx))
        return true;
      // A user constructor may store the address elsewhere (a global, a
      // registry its member initialisers call).
      if (NoUserCode)
        return false;
      return !B.Param || parameterMayBeKept(*Ctor, *B.Param);
    }
    const auto &C = cast<CallExpr>(Call);
    const FunctionDecl *Callee = C.getDirectCallee();
    if (isOpaqueCall(Callee, C, Ctx))
      return true;
    if (isLibraryCode(*Callee, Ctx))
      return libraryCallMayStore(C, Argument);
    ParameterBinding B = parameterBoundTo(Call, Argument);
    if (!B.Param) {
      // The object of a member call: the method may keep `this`.
      if (const auto *Member = dyn_cast<CXXMemberCallExpr>(&C);
          Member && Member->getImplicitObjectArgument() &&
          Member->getImplicitObjectArgument()->IgnoreParenImpCasts() ==
              Argument.IgnoreParenImpCasts())
        return thisMayBeKept(C);
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(&C);
          Op && Op->getNumArgs() > 0 && Op->getArg(0) == &Argument)
        return thisMayBeKept(C);
      return true; // a variadic argument
    }
    if (!B.Param->getType()->isReferenceType() && !B.Param->getType()->isPointerType() &&
        !mayBorrow(B.Param->getType()))
      return false;
    return parameterMayBeKept(*B.Callee, *B.Param);
  }

private:
  /// Whether a reference kept in the variable \p Var escapes: not when \p Var
  /// is a local the caller follows instead (then it is listed in BoundTo).
  bool keptIn(const VarDecl &Var) {
    if (!BoundTo || !isFollowableAlias(Var))
      return true;
    BoundTo->push_back(&Var);
    return false;
  }

  /// Library code keeps nothing it is given, except that a view, pointer or
  /// reference wrapper (`t.sizes()`, `std::cref(t)`) may be stored into an
  /// object the call may change whose type holds such values (`views.push_back(
  /// t.sizes())` into a `std::vector<c10::IntArrayRef>`, a view's assignment
  /// operator).
  bool libraryCallMayStore(const CallExpr &Call, const Expr &Argument) {
    QualType Given = Argument.getType().getNonReferenceType();
    if (!Given->isPointerType() && !mayBorrow(Given))
      return false;
    auto holdsBorrows = [&](QualType T) {
      T = T.getNonReferenceType();
      if (T->isPointerType())
        T = T->getPointeeType();
      if (T.isConstQualified())
        return false;
      const auto *Record = T->getAsCXXRecordDecl();
      if (!Record || !Record->hasDefinition())
        return false;
      // A container of views, or a view itself (`k.acc = acc;` assigns one).
      const CXXRecordDecl &Definition = *Record->getDefinition();
      return libraryClassRefers(Definition, 0) ||
             (Definition.hasTrivialDestructor() && mayHoldPointerField(Definition, 0));
    };
    const CalleeParameters P = calleeParameters(Call);
    // The object of a non-const member function.
    if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(P.Callee);
        Method && !Method->isStatic() && !Method->isConst()) {
      const Expr *Object = nullptr;
      if (const auto *Member = dyn_cast<CXXMemberCallExpr>(&Call))
        Object = Member->getImplicitObjectArgument();
      else if (P.FirstArgument == 1)
        Object = Call.getArg(0);
      if (Object && holdsBorrows(Object->getType()))
        return true;
    }
    if (!P.Callee)
      return false;
    for (unsigned Arg = P.FirstArgument, Param = 0;
         Arg < Call.getNumArgs() && Param < P.Callee->getNumParams(); ++Arg, ++Param) {
      const Expr *Other = Call.getArg(Arg);
      if (Other->IgnoreParenImpCasts() == Argument.IgnoreParenImpCasts())
        continue;
      QualType T = P.Callee->getParamDecl(Param)->getType();
      if (((T->isReferenceType() && !T.getNonReferenceType().isConstQualified()) ||
           (T->isPointerType() && !T->getPointeeType().isConstQualified())) &&
          holdsBorrows(Other->getType()))
        return true;
    }
    return false;
  }

  /// Whether \p E is an expression statement of \p Parent: its value is
  /// thrown away, whether it stands in a block or alone as the body of an
  /// `if`, a loop or a label (`for (...) v.emplace_back(i);`).
  static bool isDiscarded(const Expr &E, const Stmt &Parent) {
    if (isa<CompoundStmt>(Parent))
      return true;
    if (const auto *If = dyn_cast<IfStmt>(&Parent))
      return If->getThen() == &E || If->getElse() == &E;
    if (const auto *For = dyn_cast<ForStmt>(&Parent))
      return For->getBody() == &E || For->getInc() == &E || For->getInit() == &E;
    if (const auto *While = dyn_cast<WhileStmt>(&Parent))
      return While->getBody() == &E;
    if (const auto *Do = dyn_cast<DoStmt>(&Parent))
      return Do->getBody() == &E;
    if (const auto *Range = dyn_cast<CXXForRangeStmt>(&Parent))
      return Range->getBody() == &E;
    if (const auto *Case = dyn_cast<SwitchCase>(&Parent))
      return Case->getSubStmt() == &E;
    if (const auto *Label = dyn_cast<LabelStmt>(&Parent))
      return Label->getSubStmt() == &E;
    return false;
  }

  bool isLibraryCallee(const Expr &Call) {
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(&Call))
      return isLibraryCode(*Construct->getConstructor(), Ctx);
    const FunctionDecl *Callee = cast<CallExpr>(Call).getDirectCallee();
    return Callee && !isOpaqueCall(Callee, Call, Ctx) && isLibraryCode(*Callee, Ctx);
  }

  /// A member function of a user class may store `this` (or a member's
  /// address); library classes do not.
  bool thisMayBeKept(const Expr &Call) {
    const auto *C = dyn_cast<CallExpr>(&Call);
    const auto *Method = C ? dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee()) : nullptr;
    if (!Method)
      return true;
    if (isLibraryCode(*Method, Ctx))
      return false;
    if (isOpaqueCall(Method, Call, Ctx))
      return true;
    if (Depth == 0)
      return true;
    const FunctionDecl *Definition = nullptr;
    if (!Method->hasBody(Definition) || !Definition->getBody())
      return true;
    ParentMap Parents(Definition->getBody());
    EscapeWalker Inner(Ctx, Depth - 1);
    auto ParentOf = [&](const Stmt &S) { return Parents.getParent(&S); };
    bool Kept = false;
    forEachThis(*Definition->getBody(), [&](const Expr &This) {
      // `this` itself is a pointer: any escape of it, or of a member.
      if (!Kept && Inner.thisEscapes(This, ParentOf))
        Kept = true;
    });
    return Kept;
  }

  /// Whether the pointer `this` (\p This) is kept: stored, returned or
  /// passed on, or a reference to a member is.
  bool thisEscapes(const Expr &This, llvm::function_ref<const Stmt *(const Stmt &)> Parent) {
    const auto *Member = dyn_cast_or_null<MemberExpr>(Parent(This));
    if (!Member)
      return true; // `this` or `*this` handed on as a value
    if (isa<FieldDecl>(Member->getMemberDecl()))
      return escapes(*Member, Parent);
    const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(Parent(*Member));
    if (!Call)
      return true;
    return thisMayBeKept(*Call) ||
           ((refersInto(*Call) || mayBorrow(Call->getType())) && escapes(*Call, Parent));
  }

  template <typename Fn> static void forEachThis(const Stmt &S, Fn &&Visit) {
    if (const auto *This = dyn_cast<CXXThisExpr>(&S))
      Visit(*This);
    for (const Stmt *Child : S.children())
      if (Child)
        forEachThis(*Child, Visit);
  }

  /// Whether the user function \p Callee may keep the reference or pointer
  /// its parameter \p Param was given.
  bool parameterMayBeKept(const FunctionDecl &Callee, const ParmVarDecl &Param) {
    if (Depth == 0)
      return true;
    const FunctionDecl *Definition = nullptr;
    if (!Callee.hasBody(Definition) || !Definition->getBody())
      return true;
    const unsigned Index = Param.getFunctionScopeIndex();
    if (Index >= Definition->getNumParams())
      return true;
    const ParmVarDecl *Own = Definition->getParamDecl(Index);
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Definition);
        Ctor && mayHoldReference(Ctor->getParent(), Ctx))
      return true;
    EscapeWalker Inner(Ctx, Depth - 1);
    bool Kept = false;
    auto scan = [&](const Stmt &Root) {
      ParentMap Parents(const_cast<Stmt *>(&Root));
      auto ParentOf = [&](const Stmt &S) { return Parents.getParent(&S); };
      forEachUse(Root, *Own, [&](const DeclRefExpr &Use) {
        if (!Kept && Inner.escapes(Use, ParentOf))
          Kept = true;
      });
    };
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Definition))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->getInit() && !Kept)
          scan(*Init->getInit());
    if (!Kept)
      scan(*Definition->getBody());
    return Kept;
  }

  template <typename Fn> static void forEachUse(const Stmt &S, const VarDecl &Var, Fn &&Visit) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(&S); Ref && Ref->getDecl() == &Var)
      Visit(*Ref);
    for (const Stmt *Child : S.children())
      if (Child)
        forEachUse(*Child, Var, Visit);
  }

  ASTContext &Ctx;
  unsigned Depth;
  /// Where a reference bound to a followable local goes instead of counting
  /// as an escape; null: it escapes.
  llvm::SmallVectorImpl<const VarDecl *> *BoundTo;
};

} // namespace

bool isLibraryCode(const Decl &D, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = D.getLocation();
  if (Loc.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return true;
  return isInLibraryNamespace(D.getDeclContext());
}

/// Whether an object of class \p Record can hold a pointer or reference:
/// through a field or base of pointer, reference or member-pointer type, or
/// of a class that can. An incomplete class, or one nested too deep, can.
static bool mayHoldPointer(const CXXRecordDecl &Record, unsigned Depth) {
  if (!Record.hasDefinition() || Depth > 4)
    return true;
  auto Holds = [&](QualType T) {
    T = T.getCanonicalType();
    while (const auto *Array = dyn_cast<ArrayType>(T.getTypePtr()))
      T = Array->getElementType().getCanonicalType();
    if (T->isReferenceType() || T->isPointerType() || T->isMemberPointerType())
      return true;
    const auto *Inner = T->getAsCXXRecordDecl();
    return Inner && mayHoldPointer(*Inner, Depth + 1);
  };
  const CXXRecordDecl *Definition = Record.getDefinition();
  return llvm::any_of(Definition->fields(),
                      [&](const FieldDecl *Field) { return Holds(Field->getType()); }) ||
         llvm::any_of(Definition->bases(),
                      [&](const CXXBaseSpecifier &Base) { return Holds(Base.getType()); });
}

bool mayBorrow(QualType T) {
  if (T->isReferenceType() || T->isPointerType() || T->isMemberPointerType())
    return true;
  const auto *Record = T->getAsCXXRecordDecl();
  // A class that owns what it refers to has a destructor to release it; one
  // with a trivial destructor that holds a pointer is a view (ArrayRef,
  // string_view), and one without any (Device, ScalarType's wrappers,
  // TensorOptions) is a plain value.
  return Record && (!Record->hasDefinition() || isTypeErasedCallable(*Record) ||
                    (Record->hasTrivialDestructor() && mayHoldPointer(*Record, 0)) ||
                    (isInLibraryNamespace(Record->getDeclContext()) &&
                     libraryClassRefers(*Record->getDefinition(), 0)));
}

bool valueMayRefer(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType();
  if (T->isVoidType() || T->isArithmeticType() || T->isEnumeralType())
    return false;
  if (const auto *Record = T->getAsCXXRecordDecl())
    return mayHoldReference(Record, Ctx);
  return true;
}

bool referenceMayEscape(const Expr &Use, llvm::function_ref<const Stmt *(const Stmt &)> Parent,
                        ASTContext &Ctx) {
  return EscapeWalker(Ctx, MaxCalleeDepth).escapes(Use, Parent);
}

bool isFollowableAlias(const VarDecl &Var) {
  if (!Var.hasLocalStorage() || isa<ParmVarDecl, DecompositionDecl>(Var))
    return false;
  QualType T = Var.getType();
  if (T->isReferenceType() || T->isPointerType())
    return true;
  const auto *Record = T->getAsCXXRecordDecl();
  return Record && Record->hasDefinition() && Record->hasTrivialDestructor();
}

bool referenceMayEscapeExceptInto(const Expr &Use,
                                  llvm::function_ref<const Stmt *(const Stmt &)> Parent,
                                  ASTContext &Ctx,
                                  llvm::SmallVectorImpl<const VarDecl *> &BoundTo) {
  return EscapeWalker(Ctx, MaxCalleeDepth, &BoundTo).escapes(Use, Parent);
}

bool callMayKeepArgument(const Expr &Call, const Expr &Argument, ASTContext &Ctx) {
  return EscapeWalker(Ctx, MaxCalleeDepth).keepsArgument(Call, Argument);
}

bool isIndirectCall(const FunctionDecl *Callee, const Expr &Call, const ASTContext &Ctx) {
  if (!Callee)
    return !isa<CXXConstructExpr>(Call);
  const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
  if (!Method)
    return false;
  if (isTypeErasedCallable(*Method->getParent()) && Method->getOverloadedOperator() == OO_Call)
    return true;
  if (!Method->isVirtual() || Method->hasAttr<FinalAttr>() ||
      Method->getParent()->hasAttr<FinalAttr>() || isLibraryCode(*Method, Ctx))
    return false;
  // A call through a qualified name (`Base::f()`) is not dispatched.
  const auto *Member = dyn_cast<CXXMemberCallExpr>(&Call);
  const auto *ME = Member ? dyn_cast<MemberExpr>(Member->getCallee()->IgnoreParens()) : nullptr;
  return !ME || !ME->hasQualifier();
}

bool isOpaqueCall(const FunctionDecl *Callee, const Expr &Call, const ASTContext &Ctx) {
  if (isIndirectCall(Callee, Call, Ctx))
    return true;
  if (!Callee || Callee->getBuiltinID() != 0 || isLibraryCode(*Callee, Ctx))
    return false;
  const FunctionDecl *Definition = nullptr;
  return !Callee->hasBody(Definition);
}

} // namespace clang::tidy::c10::utils
