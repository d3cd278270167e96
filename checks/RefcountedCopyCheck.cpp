//===- RefcountedCopyCheck.cpp - c10-refcounted-copy ----------------------===//
//
// Copying an IValue, a Tensor or an intrusive_ptr is an atomic increment now
// and an atomic decrement when the copy dies. When the copy is made from a
// reference into something that stays alive anyway and is then only read, a
// const reference does the same work for free:
//
//   auto t = v.toTensor();             -> const auto& t = v.toTensor();
//   IValue x = t->elements()[0];       -> const IValue& x = t->elements()[0];
//   at::Tensor a = tensors[i];         -> const at::Tensor& a = tensors[i];
//   auto p = holder.member;            -> const auto& p = holder.member;
//
// Three questions decide a finding:
//  1. Is the copy only read? clang's ExprMutationAnalyzer answers, plus the
//     uses it does not model as mutations but that need the ownership: moved
//     from, returned, thrown, captured by value, address taken.
//  2. Is the source borrowed? The source expression is followed through
//     members, reference-returning calls, subscripts and at most one pointer
//     to its root: a local variable, a parameter, or something the check
//     cannot see (`this`, a global, a function's result). Temporaries are not
//     borrowed: `v.toTuple()->...` is c10-ivalue-ref-accessor's finding.
//  3. Does performance-unnecessary-copy-initialization report it? Then it is
//     left to that check (see upstreamReports()).
// The fix-it additionally needs the root, every reference on the way and,
// through a pointer, the pointee to stay unchanged while the copy lives.
// Questions 1 and 2's syntactic part run as matches arrive; everything that
// asks ExprMutationAnalyzer runs at the end of the translation unit, with the
// AST's traversal scope narrowed to the functions concerned (see
// onEndOfTranslationUnit()).
//
//===----------------------------------------------------------------------===//

#include "RefcountedCopyCheck.h"
#include "utils/BorrowSafety.h"
#include "utils/ClassNameListOption.h"
#include "utils/LocalParents.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

/// Where the copied value comes from (outside the anonymous namespace: a
/// RefcountedCopyCheck::Candidate holds one).
struct CopySource {
  /// Variables whose value must stay unchanged for a reference to stay valid:
  /// the root and every local reference the path goes through.
  SmallVector<const VarDecl *, 4> Stable;
  /// Set when the path goes through what this (raw or smart) pointer points to.
  const VarDecl *PointerRoot = nullptr;
  /// The names the source expression itself uses (not changes of its root).
  llvm::SmallPtrSet<const DeclRefExpr *, 8> PathRefs;
  /// Why a reference cannot be proven to stay valid; empty when it can.
  std::string Unsafe;

  void unsafe(std::string Why) {
    if (Unsafe.empty())
      Unsafe = std::move(Why);
  }
};

namespace {

constexpr unsigned MaxPathDepth = 8;

bool isInMacro(ArrayRef<SourceLocation> Locs) {
  return llvm::any_of(Locs, [](SourceLocation L) { return L.isInvalid() || L.isMacroID(); });
}

std::string sourceText(SourceRange R, const ASTContext &Ctx) {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(R), Ctx.getSourceManager(),
                              Ctx.getLangOpts())
      .str();
}

/// Nodes that only carry a value from child to parent.
bool isTransparent(const Stmt &S) {
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(&S))
    return Cast->getCastKind() == CK_NoOp || Cast->getCastKind() == CK_LValueToRValue ||
           Cast->getCastKind() == CK_UncheckedDerivedToBase ||
           Cast->getCastKind() == CK_DerivedToBase;
  return isa<ParenExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr, ExprWithCleanups>(S);
}

/// The first ancestor of \p E that is not transparent; \p Outer becomes the
/// child of that ancestor on the path from \p E.
const Stmt *userOf(const Expr &E, const utils::LocalParents &Parents, const Expr *&Outer) {
  Outer = &E;
  for (const Stmt *P = Parents.parent(E); P; P = Parents.parent(*P)) {
    if (!isTransparent(*P))
      return P;
    Outer = cast<Expr>(P);
  }
  return nullptr;
}

/// Every name of \p Var inside \p Scope.
SmallVector<const DeclRefExpr *, 8> usesOf(const VarDecl &Var, const Stmt &Scope,
                                           ASTContext &Ctx) {
  SmallVector<const DeclRefExpr *, 8> Uses;
  for (const BoundNodes &N :
       match(findAll(declRefExpr(to(varDecl(equalsNode(&Var)))).bind("use")), Scope, Ctx))
    Uses.push_back(N.getNodeAs<DeclRefExpr>("use"));
  return Uses;
}

/// Whether \p Method has a const overload: calling the non-const one on an
/// object only read (`ivalue.toTensor()`, `vector[i]`) does not change it.
bool hasConstOverload(const CXXMethodDecl &Method) {
  if (Method.isConst())
    return true;
  for (const NamedDecl *D : Method.getParent()->lookup(Method.getDeclName())) {
    const auto *Other = dyn_cast_or_null<CXXMethodDecl>(D->getAsFunction());
    if (Other && Other != &Method && Other->isConst() &&
        Other->getNumParams() == Method.getNumParams() &&
        Other->getRefQualifier() != RQ_RValue)
      return true;
  }
  return false;
}

/// Answers "does this change?" with clang's ExprMutationAnalyzer over one
/// scope, built on first need (asking it costs matcher runs over the scope).
class Mutations {
public:
  Mutations(const Stmt &Scope, ASTContext &Ctx, const utils::LocalParents &Parents)
      : Scope(Scope), Ctx(Ctx), Parents(Parents) {}

  ExprMutationAnalyzer &analyzer() {
    if (!Analyzer)
      Analyzer.emplace(Scope, Ctx);
    return *Analyzer;
  }

  /// The first use of \p Var in the scope, other than those in \p Ignored,
  /// that may change its value; null when there is none.
  const Stmt *changeOf(const VarDecl &Var, const llvm::SmallPtrSetImpl<const DeclRefExpr *> &Ignored) {
    if (Var.getType().getNonReferenceType().isConstQualified() &&
        !Var.getType()->isPointerType())
      return nullptr; // Written only through const_cast or mutable members.
    for (const DeclRefExpr *Use : usesOf(Var, Scope, Ctx))
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
    for (const DeclRefExpr *Use : usesOf(Var, Scope, Ctx)) {
      if (Ignored.contains(Use))
        continue;
      if (const Stmt *Change = pointeeChangeThrough(*Use, IsRaw))
        return Change;
    }
    return nullptr;
  }

private:
  const Stmt *pointeeChangeThrough(const DeclRefExpr &Use, bool IsRaw) {
    const Expr *Outer = nullptr;
    const Stmt *User = userOf(Use, Parents, Outer);
    // The object itself: `*p`, `p->m`, `p[i]`.
    const Expr *Object = nullptr;
    const MemberExpr *Member = nullptr;
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(User);
        !IsRaw && Op && Op->getNumArgs() == 1 && Op->getArg(0) == Outer) {
      if (Op->getOperator() == OO_Star)
        Object = Op;
      else if (Op->getOperator() == OO_Arrow) {
        const Expr *ArrowOuter = nullptr;
        Member = dyn_cast_or_null<MemberExpr>(userOf(*Op, Parents, ArrowOuter));
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
  /// a const overload (`v.toTensor()` on a non-const IValue, `stack[i]`) is a
  /// read when what it returns is only read.
  const Stmt *changeThrough(const DeclRefExpr &Use) {
    const Expr *Outer = nullptr;
    const Stmt *User = userOf(Use, Parents, Outer);
    const Expr *Accessor = nullptr;
    const CXXMethodDecl *Method = nullptr;
    if (const auto *Member = dyn_cast_or_null<MemberExpr>(User); Member && !Member->isArrow()) {
      const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(Parents.parent(*Member));
      if (Call && Call->getCallee() == Member) {
        Accessor = Call;
        Method = Call->getMethodDecl();
      }
    } else if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(User);
               Op && Op->getNumArgs() >= 1 && Op->getArg(0) == Outer) {
      Accessor = Op;
      Method = dyn_cast_or_null<CXXMethodDecl>(Op->getCalleeDecl());
    }
    if (Accessor && Method && !Method->isConst() &&
        Method->getReturnType()->isLValueReferenceType() && hasConstOverload(*Method))
      return analyzer().findMutation(Accessor);
    return analyzer().findMutation(&Use);
  }

  const Stmt &Scope;
  ASTContext &Ctx;
  const utils::LocalParents &Parents;
  std::optional<ExprMutationAnalyzer> Analyzer;
};

/// Follows a borrowed source expression to its root. Returns false when the
/// expression is not borrowed from something that outlives the copy (a
/// temporary, a value) or has a shape the check does not follow.
class PathWalker {
public:
  explicit PathWalker(const utils::LocalParents &Parents) : Parents(Parents) {}

  bool walk(const Expr &Source, CopySource &P, unsigned Depth = 0) {
    if (Depth > MaxPathDepth)
      return false;
    const Expr *E = Source.IgnoreParenImpCasts();
    if (!E->isLValue())
      return false;
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
      checkArguments(Call->arguments(), Method, P);
      if (Callee->isArrow())
        return pointee(*Call->getImplicitObjectArgument(), P, Depth);
      return walk(*Call->getImplicitObjectArgument(), P, Depth + 1);
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
      const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Op->getCalleeDecl());
      if (!Method || Op->getNumArgs() == 0)
        return false;
      if (Op->getOperator() == OO_Subscript) {
        checkArguments(llvm::drop_begin(Op->arguments()), Method, P);
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
    const std::string Name = "'" + Var->getNameAsString() + "'";
    if (Ref.refersToEnclosingVariableOrCapture()) {
      P.unsafe(Name + " is captured by a lambda or block: its owner can change it");
      return true;
    }
    if (isa<ParmVarDecl>(Var)) {
      P.Stable.push_back(Var);
      return true;
    }
    if (!Var->hasLocalStorage()) {
      P.unsafe(Name + " is a global or static variable: any code can change it");
      return true;
    }
    P.Stable.push_back(Var);
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
      return Range && walk(*Range, P, Depth + 1);
    }
    if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(Init->IgnoreImplicitAsWritten()))
      // `const auto& t = v.toTuple();` extends the temporary to the reference's
      // lifetime: it is as stable as a local.
      return Temporary->getExtendingDecl() == Var;
    return walk(*Init, P, Depth + 1);
  }

  /// The path continues through what \p Pointer points to. Only a pointer (or
  /// smart pointer) variable named directly can be checked.
  bool pointee(const Expr &Pointer, CopySource &P, unsigned Depth) {
    const Expr *Q = Pointer.IgnoreParenImpCasts();
    if (const auto *Arrow = dyn_cast<CXXOperatorCallExpr>(Q);
        Arrow && (Arrow->getOperator() == OO_Arrow || Arrow->getOperator() == OO_Star) &&
        Arrow->getNumArgs() == 1)
      Q = Arrow->getArg(0)->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(Q)) {
      P.unsafe("it is a member of '*this': a call to any non-const member function can change it");
      return true;
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(Q);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var) {
      if (!Q->isLValue())
        return false; // A temporary handle: `v.toTuple()->...`.
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

  /// A temporary bound to a reference parameter may be what the call returns.
  template <typename Range>
  void checkArguments(Range &&Args, const CXXMethodDecl *Method, CopySource &P) {
    for (const Expr *Arg : Args)
      if (isa<MaterializeTemporaryExpr>(Arg->IgnoreImpCasts()) &&
          !Arg->getType()->isScalarType())
        P.unsafe("'" + Method->getNameAsString() +
                 "()' is passed a temporary the reference could point into");
  }

  const utils::LocalParents &Parents;
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
                    const utils::LocalParents &Parents) {
  const Expr *Outer = nullptr;
  const Stmt *User = userOf(Use, Parents, Outer);
  // `return t;` and `throw t;` construct the result from `t` (a move).
  while (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(User)) {
    if (Construct->getNumArgs() == 0 || Construct->getArg(0) != Outer)
      break;
    User = userOf(*Construct, Parents, Outer);
  }
  if (isa_and_nonnull<ReturnStmt, CoreturnStmt, CXXThrowExpr>(User))
    return true;
  if (const auto *Unary = dyn_cast_or_null<UnaryOperator>(User);
      Unary && Unary->getOpcode() == UO_AddrOf)
    return true;
  if (const auto *Call = dyn_cast_or_null<CallExpr>(User)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->isInStdNamespace() && Callee->getIdentifier() &&
        (Callee->getName() == "move" || Callee->getName() == "forward" ||
         Callee->getName() == "addressof"))
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

std::string qualifiedClassName(QualType T) {
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  return Record ? Record->getQualifiedNameAsString() : T.getAsString();
}

} // namespace

struct RefcountedCopyCheck::Candidate {
  const VarDecl *Var;
  const Expr *Source;
  const Stmt *Scope;          ///< The block the copy lives in.
  const DeclStmt *Declaration;
  const FunctionDecl *Function;
  const utils::LocalParents *Parents;
  CopySource Path;
};

RefcountedCopyCheck::~RefcountedCopyCheck() = default;

RefcountedCopyCheck::RefcountedCopyCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RawRefcountedClasses(Options.get("RefcountedClasses",
                                       "::c10::IValue;::at::Tensor;::c10::intrusive_ptr")) {
  RefcountedClasses = utils::parseClassNameListOption(*this, Name, "RefcountedClasses",
                                                      RawRefcountedClasses,
                                                      "::c10::IValue;::c10::intrusive_ptr",
                                                      "class or class template names");
}

void RefcountedCopyCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "RefcountedClasses", RawRefcountedClasses);
}

void RefcountedCopyCheck::registerMatchers(MatchFinder *Finder) {
  if (RefcountedClasses.empty())
    return;
  // A name matches the class and, for a class template such as
  // c10::intrusive_ptr, every specialisation of it.
  auto Refcounted = hasCanonicalType(recordType(hasDeclaration(
      cxxRecordDecl(hasAnyName(utils::asStringRefs(RefcountedClasses))))));
  // Only variables of the listed types initialised by their copy constructor
  // are looked at; the rest of the function body costs one type test per
  // variable. Range-for variables are performance-for-range-copy's.
  auto Copy = varDecl(hasLocalStorage(), unless(parmVarDecl()), unless(isImplicit()),
                      hasType(qualType(Refcounted)),
                      hasInitializer(ignoringImplicit(
                          cxxConstructExpr(hasDeclaration(cxxConstructorDecl(isCopyConstructor())))
                              .bind("copy"))));
  Finder->addMatcher(functionDecl(unless(isExpansionInSystemHeader()),
                                  hasBody(stmt(forEachDescendant(Copy.bind("var"))).bind("body")))
                         .bind("function"),
                     this);
}

void RefcountedCopyCheck::check(const MatchFinder::MatchResult &Result) {
  const auto &Var = *Result.Nodes.getNodeAs<VarDecl>("var");
  const auto &Copy = *Result.Nodes.getNodeAs<CXXConstructExpr>("copy");
  const auto &Function = *Result.Nodes.getNodeAs<FunctionDecl>("function");
  ASTContext &Ctx = *Result.Context;
  if (Copy.getNumArgs() == 0 ||
      llvm::any_of(llvm::drop_begin(Copy.arguments()),
                   [](const Expr *Arg) { return !isa<CXXDefaultArgExpr>(Arg); }))
    return;
  const Expr &Source = *Copy.getArg(0);
  // The same class on both sides: `const auto&` keeps the variable's type.
  if (!Ctx.hasSameUnqualifiedType(Source.IgnoreParenImpCasts()->getType(), Var.getType()))
    return;
  // A copy of a variable: upstream's finding for locals and parameters, and
  // often a deliberate snapshot of a global.
  if (isa<DeclRefExpr>(Source.IgnoreParenImpCasts()))
    return;

  const auto &Body = *Result.Nodes.getNodeAs<Stmt>("body");
  std::unique_ptr<utils::LocalParents> &Parents = ParentsByBody[&Body];
  if (!Parents)
    Parents = std::make_unique<utils::LocalParents>(Body);

  // The variable lives in the block its declaration is in (for-init and
  // condition variables are left alone).
  const auto *Declaration = dyn_cast_or_null<DeclStmt>(Parents->parent(*Var.getInit()));
  const auto *ScopeStmt =
      Declaration ? dyn_cast_or_null<CompoundStmt>(Parents->parent(*Declaration)) : nullptr;
  if (!ScopeStmt)
    return;
  const Stmt &Scope = *ScopeStmt;

  // 1. Where does the value come from? Cheap, syntactic: done first.
  CopySource Path;
  if (!PathWalker(*Parents).walk(Source, Path))
    return;

  // 2. Is the copy only read?
  SmallVector<const DeclRefExpr *, 8> Uses = usesOf(Var, Scope, Ctx);
  if (Uses.empty())
    return; // An unused copy may keep the object alive on purpose.
  if (llvm::any_of(Uses, [&](const DeclRefExpr *Use) { return needsOwnership(*Use, Var, *Parents); }))
    return;
  Candidates.push_back({&Var, &Source, &Scope, Declaration, &Function, Parents.get(),
                        std::move(Path)});
  Context = &Ctx;
}

void RefcountedCopyCheck::analyse(const Candidate &C, ASTContext &Ctx) {
  const VarDecl &Var = *C.Var;
  const Expr &Source = *C.Source;
  const CopySource &Path = C.Path;
  Mutations M(*C.Scope, Ctx, *C.Parents);
  if (!Var.getType().isConstQualified() && M.analyzer().isMutated(&Var))
    return;

  // 3. Reported by performance-unnecessary-copy-initialization?
  if (upstreamReports(Source, M, Path))
    return;

  utils::Finding F;
  F.Loc = Var.getLocation();
  F.Message = "'" + Var.getNameAsString() + "' copies a refcounted '" +
              qualifiedClassName(Var.getType()) +
              "' (an atomic increment and decrement) from a borrowed reference but is only "
              "read; bind a const reference instead";

  // 4. May the copy become a reference?
  const std::string VarName = "'" + Var.getNameAsString() + "'";
  const Stmt *Change = nullptr;
  if (!Path.Unsafe.empty()) {
    F.NoFixReason = "the source may change or die while " + VarName + " is alive: " + Path.Unsafe;
  } else {
    for (const VarDecl *Stable : Path.Stable) {
      Change = M.changeOf(*Stable, Path.PathRefs);
      if (Change) {
        F.NoFixReason = "'" + Stable->getNameAsString() + "' is modified while " + VarName +
                        " is alive";
        F.Notes.push_back(
            {Change->getBeginLoc(), "'" + Stable->getNameAsString() + "' is modified here"});
        break;
      }
    }
    if (!Change && Path.PointerRoot)
      Change = M.pointeeChangeOf(*Path.PointerRoot, Path.PathRefs);
    if (Change && Path.PointerRoot && F.NoFixReason.empty()) {
      F.NoFixReason = "the object '" + Path.PointerRoot->getNameAsString() +
                      "' points to may be modified while " + VarName + " is alive";
      F.Notes.push_back({Change->getBeginLoc(), "it may be modified here"});
    }
  }

  std::optional<std::string> Declarator = referenceDeclarator(Var, Ctx);
  if (!F.NoFixReason.empty()) {
  } else if (utils::isInTemplateInstantiation(*C.Function)) {
    F.NoFixReason = "the code is in a template instantiation";
  } else if (isInMacro({Var.getBeginLoc(), Var.getLocation(), Source.getBeginLoc(),
                        Source.getEndLoc()})) {
    F.NoFixReason = "the code is inside a macro expansion";
  } else if (!C.Declaration->isSingleDecl() || !Declarator) {
    F.NoFixReason = "the declaration of " + VarName + " cannot be rewritten";
  } else {
    F.Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(Var.getBeginLoc(), Var.getLocation()), *Declarator));
  }
  Findings.record(std::move(F));
}

void RefcountedCopyCheck::onEndOfTranslationUnit() {
  if (Context && !Candidates.empty()) {
    // ExprMutationAnalyzer asks for ancestors (to skip unevaluated operands),
    // and the first such question builds a parent map of the traversal scope:
    // by default the whole translation unit, about a second with
    // torch/script.h. Matching is over, so the scope can be narrowed to the
    // functions that hold candidates for the duration of the analysis, then
    // restored (clangd narrows it too).
    std::vector<Decl *> Saved = Context->getTraversalScope();
    std::vector<Decl *> Functions;
    for (const Candidate &C : Candidates)
      if (!llvm::is_contained(Functions, C.Function))
        Functions.push_back(const_cast<FunctionDecl *>(C.Function));
    Context->setTraversalScope(Functions);
    for (const Candidate &C : Candidates)
      analyse(C, *Context);
    Context->setTraversalScope(Saved);
  }
  Findings.flush(*this);
  Candidates.clear();
  ParentsByBody.clear();
  Context = nullptr;
}

} // namespace clang::tidy::c10
