//===- MakeIntrusiveRewrite.cpp - `new T(...)` as make_intrusive<T>(...) --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/MakeIntrusiveRewrite.h"
#include "utils/ReferenceEscape.h"
#include "utils/SourceText.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::c10::utils {

namespace {

constexpr unsigned MaxDepth = 8;

const CXXConstructorDecl *defaultConstructor(const CXXRecordDecl &R) {
  for (const CXXConstructorDecl *C : R.ctors())
    if (C->isDefaultConstructor())
      return C;
  return nullptr;
}

bool defaultInitWritesAll(const CXXRecordDecl &R, unsigned Depth);

/// Whether default-initialising an object of type \p T writes every scalar in
/// it, so that zero-initialising it first (what value-initialisation adds)
/// cannot be observed.
bool defaultInitWritesAll(QualType T, const ASTContext &Ctx, unsigned Depth) {
  T = Ctx.getBaseElementType(T);
  const CXXRecordDecl *R = T->getAsCXXRecordDecl();
  return R && !R->isUnion() && defaultInitWritesAll(*R, Depth + 1);
}

/// Whether running \p Ctor of \p R (null: the implicit default constructor)
/// writes every scalar of the object.
bool constructorWritesAll(const CXXRecordDecl &R, const CXXConstructorDecl *Ctor,
                          unsigned Depth) {
  const ASTContext &Ctx = R.getASTContext();
  if (Depth > MaxDepth || R.getNumVBases() != 0 || R.isUnion())
    return false;
  const CXXConstructorDecl *Def = nullptr;
  if (Ctor && Ctor->isUserProvided()) {
    const FunctionDecl *Definition = nullptr;
    if (!Ctor->hasBody(Definition) || !Definition)
      return false; // Defined in another file: what it writes is not visible.
    Def = cast<CXXConstructorDecl>(Definition);
    if (Def->isDelegatingConstructor())
      return false;
  }
  auto writtenInitialiser = [&](auto Matches) -> const CXXCtorInitializer * {
    if (Def)
      for (const CXXCtorInitializer *Init : Def->inits())
        if (Init->isWritten() && Matches(*Init))
          return Init;
    return nullptr;
  };
  for (const CXXBaseSpecifier &Base : R.bases()) {
    const CXXRecordDecl *BaseRecord = Base.getType()->getAsCXXRecordDecl();
    if (!BaseRecord)
      return false;
    const CXXCtorInitializer *Init = writtenInitialiser([&](const CXXCtorInitializer &I) {
      return I.isBaseInitializer() &&
             Ctx.hasSameUnqualifiedType(QualType(I.getBaseClass(), 0), Base.getType());
    });
    if (!Init) {
      if (!defaultInitWritesAll(*BaseRecord, Depth + 1))
        return false;
      continue;
    }
    const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init->getInit()->IgnoreImplicit());
    if (!Construct || !constructorWritesAll(*BaseRecord, Construct->getConstructor(), Depth + 1))
      return false;
  }
  for (const FieldDecl *Field : R.fields()) {
    if (Field->isUnnamedBitField() || Field->hasInClassInitializer())
      continue;
    // A written member initialiser, `x()` or `x(v)`, writes the member.
    if (writtenInitialiser([&](const CXXCtorInitializer &I) { return I.getAnyMember() == Field; }))
      continue;
    if (!defaultInitWritesAll(Field->getType(), Ctx, Depth))
      return false;
  }
  return true;
}

bool defaultInitWritesAll(const CXXRecordDecl &R, unsigned Depth) {
  if (!R.hasDefinition())
    return false;
  const CXXConstructorDecl *Default = defaultConstructor(R);
  if (!Default && !R.needsImplicitDefaultConstructor())
    return false;
  return constructorWritesAll(R, Default, Depth);
}

/// Value-initialisation (`new T()`, what make_intrusive<T>() does) equals
/// default-initialisation (`new T`) when T's default constructor is
/// user-provided, or when the zeroing it adds is overwritten anyway.
bool valueInitIsDefaultInit(const CXXRecordDecl &R) {
  const CXXConstructorDecl *Default = defaultConstructor(R);
  if (Default && Default->isUserProvided())
    return true;
  return defaultInitWritesAll(R, 0);
}

bool hasInitializerListConstructor(const CXXRecordDecl &R) {
  return llvm::any_of(R.ctors(), [](const CXXConstructorDecl *C) {
    if (C->getNumParams() == 0 || C->getMinRequiredArguments() > 1)
      return false;
    QualType First = C->getParamDecl(0)->getType().getNonReferenceType();
    const CXXRecordDecl *List = First->getAsCXXRecordDecl();
    return List && List->getQualifiedNameAsString() == "std::initializer_list";
  });
}

/// Whether the constructor is accessible from intrusive_ptr<T, N>::make,
/// which is where make_intrusive runs `new TTarget(...)` (libtorch 1.13 and
/// the reference runtime alike; befriending make_intrusive does not help).
bool isAccessibleToIntrusivePtr(const CXXConstructorDecl &Ctor,
                                const ClassTemplateSpecializationDecl &Pointer) {
  if (Ctor.getAccess() == AS_public || Ctor.getAccess() == AS_none)
    return true;
  for (const FriendDecl *Friend : Ctor.getParent()->friends()) {
    if (const NamedDecl *D = Friend->getFriendDecl()) {
      if (const auto *Template = dyn_cast<ClassTemplateDecl>(D))
        if (Template->getQualifiedNameAsString() == "c10::intrusive_ptr")
          return true;
    } else if (const TypeSourceInfo *Type = Friend->getFriendType()) {
      if (const CXXRecordDecl *R = Type->getType()->getAsCXXRecordDecl())
        if (R->getCanonicalDecl() == Pointer.getCanonicalDecl())
          return true;
    }
  }
  return false;
}

bool isDefaultNullType(QualType T) {
  const CXXRecordDecl *R = T->getAsCXXRecordDecl();
  return R && R->getQualifiedNameAsString() == "c10::detail::intrusive_target_default_null_type";
}

/// Why forwarding \p Arg through `Args&&...` to parameter \p Param would not
/// initialise the parameter as the written argument does, or "".
std::string forwardingDifference(const Expr &Arg, const ParmVarDecl &Param, ASTContext &Ctx) {
  const Expr *Stripped = Arg.IgnoreParenImpCasts();
  if (Arg.getBeginLoc().isInvalid())
    return "an argument has no source location";
  const char *Begin = Ctx.getSourceManager().getCharacterData(Arg.getBeginLoc());
  if (Begin && *Begin == '{')
    return "a braced-init-list argument cannot be forwarded through make_intrusive";
  QualType ParamType = Param.getType().getNonReferenceType();
  if ((ParamType->isAnyPointerType() || ParamType->isMemberPointerType()) &&
      Stripped->getType()->isIntegerType())
    return "the literal '" + sourceText(Stripped->getSourceRange(), Ctx) +
           "' is a null pointer here, but forwarded it would be an integer";
  if (Stripped->refersToBitField())
    return "a bit-field cannot be forwarded by reference";
  const Expr *Named = Stripped;
  if (const auto *AddressOf = dyn_cast<UnaryOperator>(Named))
    if (AddressOf->getOpcode() == UO_AddrOf)
      Named = AddressOf->getSubExpr()->IgnoreParens();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Named))
    if (isa<FunctionDecl>(Ref->getDecl()) && !isa<CXXMethodDecl>(Ref->getDecl()))
      return "a function name is resolved against the parameter type, which forwarding "
             "does not know";
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Named))
    if (const auto *M = dyn_cast<CXXMethodDecl>(Ref->getDecl()); M && !M->isStatic())
      return "a member function name is resolved against the parameter type, which "
             "forwarding does not know";
  // A by-value class parameter initialised from a prvalue of its own type is
  // the prvalue itself; forwarded, it is moved (or copied) from a temporary.
  if (!Param.getType()->isReferenceType() && Arg.isPRValue())
    if (const CXXRecordDecl *R = ParamType->getAsCXXRecordDecl();
        R && Ctx.hasSameUnqualifiedType(Stripped->getType(), ParamType)) {
      bool Movable = R->needsImplicitMoveConstructor() || R->needsImplicitCopyConstructor() ||
                     llvm::any_of(R->ctors(), [](const CXXConstructorDecl *C) {
                       return (C->isMoveConstructor() || C->isCopyConstructor()) &&
                              !C->isDeleted() && C->getAccess() == AS_public;
                     });
      if (!Movable)
        return "the argument initialises a parameter of type '" + ParamType.getAsString() +
               "' in place; forwarded, it would have to be moved, and '" +
               R->getNameAsString() + "' cannot be";
      // The move (or copy) runs code of the user's, which the written
      // expression never ran.
      if (!isLibraryCode(*R, Ctx) && !(R->hasTrivialMoveConstructor() && R->hasTrivialCopyConstructor()))
        return "the argument initialises a parameter of type '" + ParamType.getAsString() +
               "' in place; forwarded, it would be moved by '" + R->getNameAsString() +
               "''s move constructor, which the written code never calls";
    }
  return "";
}

/// Whether \p E names the place it is evaluated at (`__builtin_LINE()`,
/// `std::source_location::current()`): a default argument evaluated inside
/// make_intrusive would name another place.
bool namesItsLocation(const Stmt *S) {
  if (!S)
    return false;
  if (isa<SourceLocExpr>(S))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const auto *Callee = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
        Callee && Callee->getIdentifier() && Callee->getName() == "current" &&
        Callee->getParent()->getIdentifier() && Callee->getParent()->getName() == "source_location")
      return true;
  return llvm::any_of(S->children(), namesItsLocation);
}

} // namespace

const ClassTemplateSpecializationDecl *asIntrusivePtr(const CXXRecordDecl *Record) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(Record);
  if (!Spec || Spec->getTemplateArgs().size() != 2 ||
      Spec->getQualifiedNameAsString() != "c10::intrusive_ptr")
    return nullptr;
  return Spec;
}

SourceLocation calleeNameLoc(const CallExpr &Call) {
  const Expr *Callee = Call.getCallee()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee))
    return Ref->getLocation();
  if (const auto *Member = dyn_cast<MemberExpr>(Callee))
    return Member->getMemberLoc();
  return Call.getBeginLoc();
}

MakeIntrusiveRewrite rewriteAsMakeIntrusive(const CXXNewExpr &New,
                                            const ClassTemplateSpecializationDecl &Pointer,
                                            ASTContext &Ctx) {
  MakeIntrusiveRewrite Result;
  const TemplateArgumentList &Args = Pointer.getTemplateArgs();
  QualType Target = Args[0].getAsType();
  QualType NullType = Args[1].getAsType();
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  std::string NullArg;
  if (!isDefaultNullType(NullType))
    NullArg = ", " + TypeName::getFullyQualifiedName(NullType, Ctx, Policy,
                                                     /*WithGlobalNsPrefix=*/true);
  // As written where possible: `T` in a template, not the instantiation's type.
  SourceRange TypeRange = New.getAllocatedTypeSourceInfo()->getTypeLoc().getSourceRange();
  std::string TypeText =
      isInMacro({TypeRange.getBegin(), TypeRange.getEnd()}) ? "" : sourceText(TypeRange, Ctx);
  Result.Suggestion = "c10::make_intrusive<" +
                      (TypeText.empty() ? New.getAllocatedType().getAsString(Policy) : TypeText) +
                      NullArg + ">(...)";
  auto noFix = [&](std::string Reason) {
    Result.NoFixReason = std::move(Reason);
    return Result;
  };

  if (New.isArray())
    return noFix("an array new-expression");
  if (New.getNumPlacementArgs() != 0)
    return noFix("the new-expression has placement arguments");
  if (New.isGlobalNew())
    return noFix("'::new' bypasses a class-specific operator new; make_intrusive does not");
  if (!Ctx.hasSameType(New.getAllocatedType(), Target))
    return noFix("the object is a '" + New.getAllocatedType().getAsString(Policy) +
                 "', not the pointer's '" + Target.getAsString(Policy) + "'");
  const CXXRecordDecl *Record = Target->getAsCXXRecordDecl();
  const auto *Construct =
      New.getInitializer()
          ? dyn_cast<CXXConstructExpr>(New.getInitializer()->IgnoreImplicit())
          : nullptr;
  if (!Record || !Construct)
    return noFix("the object is not initialised by a constructor call");
  const CXXConstructorDecl &Ctor = *Construct->getConstructor();
  if (!isAccessibleToIntrusivePtr(Ctor, Pointer))
    return noFix("the constructor of '" + Record->getNameAsString() +
                 "' is not public and 'c10::intrusive_ptr' is not a friend of it; "
                 "make_intrusive constructs the object inside intrusive_ptr::make");
  if (Ctor.isVariadic())
    return noFix("the constructor takes C variadic arguments");

  std::vector<const Expr *> Written;
  for (const Expr *Arg : Construct->arguments()) {
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg)) {
      if (namesItsLocation(Default->getExpr()))
        return noFix("a default argument of the constructor names the place it is evaluated "
                     "at; inside make_intrusive that would be another line");
      continue;
    }
    Written.push_back(Arg);
  }

  switch (New.getInitializationStyle()) {
  case CXXNewInitializationStyle::None:
    if (!valueInitIsDefaultInit(*Record))
      return noFix("'new " + Record->getNameAsString() +
                   "' default-initialises: members without an initialiser keep indeterminate "
                   "values, which make_intrusive would zero (it value-initialises)");
    break;
  case CXXNewInitializationStyle::Parens:
    break;
  case CXXNewInitializationStyle::Braces:
    if (!Written.empty() && hasInitializerListConstructor(*Record))
      return noFix("'" + Record->getNameAsString() +
                   "' has an initializer_list constructor, which braces prefer and "
                   "make_intrusive's parentheses do not");
    if (llvm::count_if(Written, [&](const Expr *A) { return A->HasSideEffects(Ctx); }) > 1)
      return noFix("a braced initialiser evaluates its arguments left to right; "
                   "make_intrusive's call arguments are evaluated in unspecified order");
    break;
  }
  // `new T(args)` allocates before it evaluates the arguments;
  // make_intrusive evaluates them first. Only an operator new of the user's
  // can tell, and only arguments with side effects are moved across it.
  if (const FunctionDecl *Allocator = New.getOperatorNew();
      Allocator && !isLibraryCode(*Allocator, Ctx) &&
      llvm::any_of(Written, [&](const Expr *A) { return A->HasSideEffects(Ctx); }))
    return noFix("'" + Record->getNameAsString() + "' is allocated by a user-defined operator "
                 "new, which runs before the arguments are evaluated; inside make_intrusive "
                 "it would run after them");
  for (size_t I = 0; I < Written.size(); ++I) {
    if (I >= Ctor.getNumParams())
      return noFix("unexpected constructor arguments");
    std::string Why = forwardingDifference(*Written[I], *Ctor.getParamDecl(I), Ctx);
    if (!Why.empty())
      return noFix(std::move(Why));
  }

  // The text between the written parentheses or braces, comments included.
  SourceRange Delimiters = New.getInitializationStyle() == CXXNewInitializationStyle::Parens
                               ? New.getDirectInitRange()
                               : Construct->getParenOrBraceRange();
  std::string ArgText;
  if (!Written.empty()) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (isInMacro({Delimiters.getBegin(), Delimiters.getEnd()}))
      return noFix("the source text of the new-expression is not available");
    ArgText = Lexer::getSourceText(
                  CharSourceRange::getCharRange(Delimiters.getBegin().getLocWithOffset(1),
                                                Delimiters.getEnd()),
                  SM, Ctx.getLangOpts())
                  .str();
  }
  if (TypeText.empty() || (!Written.empty() && ArgText.empty()))
    return noFix("the source text of the new-expression is not available");
  Result.Replacement = "c10::make_intrusive<" + TypeText + NullArg + ">(" + ArgText + ")";
  return Result;
}

} // namespace clang::tidy::c10::utils
