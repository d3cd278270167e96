//===- ReturnTail.cpp -----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/ReturnTail.h"
#include "utils/ReferenceEscape.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

namespace clang::tidy::c10::utils {
namespace {

constexpr unsigned MaxTypeDepth = 4;

/// The type arguments of a class template specialization, packs expanded.
llvm::SmallVector<QualType, 4> typeArguments(const CXXRecordDecl &Record) {
  llvm::SmallVector<QualType, 4> Types;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(&Record);
  if (!Spec)
    return Types;
  llvm::SmallVector<TemplateArgument, 8> Args(Spec->getTemplateArgs().asArray());
  while (!Args.empty()) {
    TemplateArgument Arg = Args.pop_back_val();
    if (Arg.getKind() == TemplateArgument::Pack)
      llvm::append_range(Args, Arg.getPackAsArray());
    else if (Arg.getKind() == TemplateArgument::Type)
      Types.push_back(Arg.getAsType());
  }
  return Types;
}

/// A builtin or enumeration type, or a library class (not a type-erased
/// callable) whose type arguments are such types too; through references,
/// pointers and arrays. Copying, moving or destroying such a value runs only
/// library code.
bool isLibraryValueType(QualType T, const ASTContext &Ctx, unsigned Depth = 0) {
  T = T.getCanonicalType().getNonReferenceType();
  while (true) {
    if (const auto *Pointer = T->getAs<PointerType>())
      T = Pointer->getPointeeType().getCanonicalType();
    else if (const auto *Array = dyn_cast<ArrayType>(T.getTypePtr()))
      T = Array->getElementType().getCanonicalType();
    else
      break;
  }
  if (T->isBuiltinType() || T->isEnumeralType() || T->isFunctionType())
    return true;
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  if (!Record || Depth > MaxTypeDepth || Record->isLambda() || !isLibraryCode(*Record, Ctx) ||
      isTypeErasedCallable(*Record))
    return false;
  return llvm::all_of(typeArguments(*Record), [&](QualType Arg) {
    return isLibraryValueType(Arg, Ctx, Depth + 1);
  });
}

/// Whether destroying an object of type \p T runs no code of the user's: a
/// trivial destructor, a library value type, or a user class whose
/// destructor is implicit and whose members and bases are such types.
bool destroysWithoutUserCode(QualType T, const ASTContext &Ctx, unsigned Depth = 0) {
  T = T.getCanonicalType();
  if (T->isReferenceType())
    return true;
  while (const auto *Array = dyn_cast<ArrayType>(T.getTypePtr()))
    T = Array->getElementType().getCanonicalType();
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  if (!Record)
    return true;
  if (!Record->hasDefinition() || Depth > MaxTypeDepth)
    return false;
  Record = Record->getDefinition();
  if (Record->hasTrivialDestructor())
    return true;
  if (isLibraryCode(*Record, Ctx))
    return isLibraryValueType(T, Ctx);
  if (const CXXDestructorDecl *Dtor = Record->getDestructor(); Dtor && Dtor->isUserProvided())
    return false;
  return llvm::all_of(Record->fields(),
                      [&](const FieldDecl *Field) {
                        return destroysWithoutUserCode(Field->getType(), Ctx, Depth + 1);
                      }) &&
         llvm::all_of(Record->bases(), [&](const CXXBaseSpecifier &Base) {
           return destroysWithoutUserCode(Base.getType(), Ctx, Depth + 1);
         });
}

/// A library object whose destructor may wait for work started earlier,
/// which may still be reading the variable.
bool waitsWhenDestroyed(QualType T) {
  const CXXRecordDecl *Record = T.getCanonicalType()->getAsCXXRecordDecl();
  if (!Record || !Record->getIdentifier() || !Record->isInStdNamespace())
    return false;
  static constexpr llvm::StringLiteral Waiting[] = {"thread", "jthread", "future",
                                                     "shared_future", "packaged_task"};
  return llvm::is_contained(Waiting, Record->getName());
}

/// Whether destroying an object of type \p T runs only library code that
/// does not wait for other work.
bool diesQuietly(QualType T, const ASTContext &Ctx) {
  return destroysWithoutUserCode(T, Ctx) && !waitsWhenDestroyed(T);
}

/// Whether reading \p Var after the move cannot reach another
/// object: its value owns what it refers to.
bool readsOwnedValue(const DeclRefExpr &Ref, const VarDecl &Var, const ASTContext &Ctx) {
  if (Ref.refersToEnclosingVariableOrCapture())
    return false; // a capture of a lambda's object, perhaps by reference
  QualType T = Var.getType();
  if (!Var.hasLocalStorage()) {
    // A number, or a library tag without state (`c10::nullopt`,
    // `std::in_place`): neither can refer to anything.
    const CXXRecordDecl *Tag = T->getAsCXXRecordDecl();
    return T->isArithmeticType() || T->isEnumeralType() ||
           (Tag && Tag->hasDefinition() && Tag->isEmpty() && isLibraryCode(*Tag, Ctx));
  }
  if (T->isReferenceType()) {
    // A reference parameter was bound before any local of this call existed.
    if (!isa<ParmVarDecl>(Var))
      return false;
    T = T.getNonReferenceType();
  }
  return !mayBorrow(T);
}

/// Whether evaluating \p S runs only library code on values that cannot
/// refer to anything the function made.
bool runsOnlyLibraryCodeOnValues(const Stmt &S, const ASTContext &Ctx) {
  if (isa<UnaryExprOrTypeTraitExpr, CXXNoexceptExpr>(S))
    return true; // not evaluated
  if (isa<CXXThisExpr, LambdaExpr, StmtExpr, CXXNewExpr, CXXDeleteExpr, CXXThrowExpr,
          ArraySubscriptExpr, CoroutineSuspendExpr, BlockExpr>(S))
    return false;
  if (const auto *E = dyn_cast<Expr>(&S)) {
    if (E->isTypeDependent() || E->isValueDependent() || E->containsErrors())
      return false;
    // Naming a variable or one of its members runs nothing; what is made
    // from it (a copy, a conversion, a call's result) must be a library value.
    const bool NamesObject = isa<DeclRefExpr>(E) ||
                             (isa<MemberExpr>(E) && !cast<MemberExpr>(E)->isArrow());
    if (!NamesObject && !isLibraryValueType(E->getType(), Ctx))
      return false;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(&S); Unary && Unary->getOpcode() == UO_Deref)
    return false;
  if (const auto *Member = dyn_cast<MemberExpr>(&S); Member && Member->isArrow())
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(&S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || isIndirectCall(Callee, *Call, Ctx))
      return false;
    if (Callee->getBuiltinID() == 0 && !isLibraryCode(*Callee, Ctx))
      return false;
    if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee); Method && Method->isVirtual())
      return false;
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(&S)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (!Ctor->isTrivial() && !isLibraryCode(*Ctor, Ctx))
      return false;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(&S)) {
    if (isa<BindingDecl>(Ref->getDecl()))
      return false;
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()); Var && !readsOwnedValue(*Ref, *Var, Ctx))
      return false;
  }
  for (const Stmt *Child : S.children())
    if (Child && !runsOnlyLibraryCodeOnValues(*Child, Ctx))
      return false;
  return true;
}

/// Whether destroying the variables in scope at \p Statement (those
/// declared before it in the blocks and statements around it) and the
/// function's by-value parameters runs only library code that does not wait
/// for other work. Locals whose scope has ended are not destroyed after it;
/// those declared later are checked with the statements that declare them.
bool scopeDiesQuietly(const Stmt &Statement, const FunctionDecl &Function,
                      llvm::function_ref<const Stmt *(const Stmt &)> Parent,
                      const ASTContext &Ctx) {
  auto quiet = [&](const VarDecl &Var) {
    return !Var.hasLocalStorage() || diesQuietly(Var.getType(), Ctx);
  };
  for (const ParmVarDecl *Param : Function.parameters())
    if (!quiet(*Param))
      return false;
  const Stmt *Child = &Statement;
  for (const Stmt *Up = Parent(Statement); Up; Child = Up, Up = Parent(*Up)) {
    for (const Stmt *Sibling : Up->children()) {
      if (Sibling == Child)
        break;
      if (const auto *Declaration = dyn_cast_or_null<DeclStmt>(Sibling))
        for (const Decl *D : Declaration->decls())
          if (const auto *Var = dyn_cast<VarDecl>(D); Var && !quiet(*Var))
            return false;
    }
  }
  return true;
}


/// Whether running \p S, a statement after the move, runs only library code
/// on values, and whatever it declares dies quietly.
bool tailStatementIsQuiet(const Stmt &S, const ASTContext &Ctx) {
  if (isa<NullStmt>(S))
    return true;
  if (const auto *Return = dyn_cast<ReturnStmt>(&S))
    return !Return->getRetValue() || runsOnlyLibraryCodeOnValues(*Return->getRetValue(), Ctx);
  if (const auto *E = dyn_cast<Expr>(&S))
    return runsOnlyLibraryCodeOnValues(*E, Ctx);
  if (const auto *Declaration = dyn_cast<DeclStmt>(&S))
    return llvm::all_of(Declaration->decls(), [&](const Decl *D) {
      const auto *Var = dyn_cast<VarDecl>(D);
      return Var && Var->hasLocalStorage() && diesQuietly(Var->getType(), Ctx) &&
             (!Var->getInit() || runsOnlyLibraryCodeOnValues(*Var->getInit(), Ctx));
    });
  if (const auto *Block = dyn_cast<CompoundStmt>(&S))
    return llvm::all_of(Block->body(),
                        [&](const Stmt *Child) { return tailStatementIsQuiet(*Child, Ctx); });
  if (const auto *If = dyn_cast<IfStmt>(&S))
    return (!If->getInit() || tailStatementIsQuiet(*If->getInit(), Ctx)) &&
           (!If->getConditionVariableDeclStmt() ||
            tailStatementIsQuiet(*If->getConditionVariableDeclStmt(), Ctx)) &&
           runsOnlyLibraryCodeOnValues(*If->getCond(), Ctx) &&
           tailStatementIsQuiet(*If->getThen(), Ctx) &&
           (!If->getElse() || tailStatementIsQuiet(*If->getElse(), Ctx));
  return false; // loops, switches, try blocks, labels: not followed
}

} // namespace

bool isInClosedTail(const DeclRefExpr &Use, const FunctionDecl &Function,
                    llvm::function_ref<const Stmt *(const Stmt &)> Parent, ASTContext &Ctx) {
  // A by-value parameter may outlive the function: the caller destroys it
  // at the end of its own full-expression, where code could still read it
  // through a kept address. A `T&&` parameter names the caller's object,
  // whose later reads are the caller's question (utils/RvalueParameterCallers).
  if (const auto *Param = dyn_cast<ParmVarDecl>(Use.getDecl());
      Param && !Param->getType()->isRValueReferenceType())
    return false;
  const Expr *Full = &Use;
  const Stmt *P = Parent(Use);
  for (; P && isa<Expr>(P); P = Parent(*P))
    Full = cast<Expr>(P);
  // The statement the move is in: a return, an expression statement of a
  // block or of an if's branch, or a local's declaration.
  const Stmt *Statement = nullptr;
  if (const auto *Return = dyn_cast_or_null<ReturnStmt>(P); Return && Return->getRetValue() == Full)
    Statement = Return;
  else if (isa_and_nonnull<CompoundStmt>(P) ||
           (isa_and_nonnull<IfStmt>(P) &&
            (cast<IfStmt>(P)->getThen() == Full || cast<IfStmt>(P)->getElse() == Full)))
    Statement = Full;
  else if (isa_and_nonnull<DeclStmt>(P))
    Statement = P;
  if (!Statement || !tailStatementIsQuiet(*Statement, Ctx))
    return false;
  // Everything after it, up to the end of the function: the rest of each
  // enclosing block; an if's other branch does not run. Any other enclosing
  // statement (a loop, a switch, a try block, a lambda) may run more code.
  // After a return only the destructors run.
  const Stmt *Child = Statement;
  for (const Stmt *Up = isa<ReturnStmt>(Statement) ? nullptr : Parent(*Statement); Up;
       Child = Up, Up = Parent(*Up)) {
    if (const auto *Block = dyn_cast<CompoundStmt>(Up)) {
      bool After = false;
      for (const Stmt *Sibling : Block->body()) {
        if (After && !tailStatementIsQuiet(*Sibling, Ctx))
          return false;
        if (After && isa<ReturnStmt>(Sibling))
          return scopeDiesQuietly(*Statement, Function, Parent, Ctx);
        After = After || Sibling == Child;
      }
      continue;
    }
    if (const auto *If = dyn_cast<IfStmt>(Up); If && (If->getThen() == Child || If->getElse() == Child))
      continue;
    return false;
  }
  return scopeDiesQuietly(*Statement, Function, Parent, Ctx);
}

} // namespace clang::tidy::c10::utils
