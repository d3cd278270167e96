//===- IValueGenericToCheck.cpp - c10-ivalue-generic-to -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// IValue::to<T>() is an accessor for the types an IValue stores as they are
// (to<int64_t>(), to<at::Tensor>() and to<std::string>() return by value or by
// reference, to<intrusive_ptr<Tuple>>() is toTuple()). For the others libtorch
// goes through generic_to, which takes the IValue by value (a refcount
// increment) and builds the result element by element:
//
//   to<c10::optional<U>>()           a copy of the U        -> isNone(), toU() in place
//   to<std::tuple<A, B>>()           every element copied   -> toTupleRef().elements()[i]
//   to<c10::List<U>>()               a list handle          -> toListRef()
//   to<std::unordered_map<K, V>>()   a new hash map         -> toGenericDict() in place
//   to<std::array<U, N>>()           a typed List + copies  -> toListRef()[i]
//
// Reported when the receiver is an lvalue and the result is only read. The
// only rewrite that is the same program is `to<c10::List<U>>().size()` (and
// `.empty()`) -> `toListRef().size()`; the others change the types the code
// works with and are left to the user. to<std::vector<U>>() is
// c10-ivalue-vector-copy's; to<c10::Dict<K, V>>() is not reported: c10 has no
// borrowing dict accessor (toGenericDict() copies the same handle).
//
//===----------------------------------------------------------------------===//

#include "IValueGenericToCheck.h"
#include "utils/DeclNames.h"
#include "utils/BorrowSafety.h"
#include "utils/ClassNameListOption.h"
#include "utils/ContainerReads.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include <cstdint>
#include <functional>
#include <optional>

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

namespace {

enum class Target : std::uint8_t { Optional, Tuple, List, UnorderedMap, Array };

/// One reported conversion: what it costs and what reads in place.
struct Conversion {
  Target K;
  std::string Copies;      ///< "a copy of the at::Tensor"
  std::string Alternative; ///< "test 'isNone()' and read 'toTensor()' in place"
};

const ClassTemplateSpecializationDecl *specialization(QualType T) {
  return dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getCanonicalType()->getAsCXXRecordDecl());
}

bool isNamed(const NamedDecl &D, StringRef Namespace, StringRef Name) {
  if (!D.getIdentifier() || D.getName() != Name)
    return false;
  if (Namespace == "std")
    return D.isInStdNamespace();
  const auto *NS = dyn_cast<NamespaceDecl>(D.getDeclContext()->getEnclosingNamespaceContext());
  return NS && NS->getIdentifier() && NS->getName() == Namespace &&
         NS->getParent()->getRedeclContext()->isTranslationUnit();
}

std::string typeName(QualType T, const ASTContext &Ctx) {
  // Template arguments of a specialization are canonical: spell the alias.
  if (const auto *Spec = specialization(T); Spec && !isa<TypedefType>(T.getTypePtr()) &&
                                            isNamed(*Spec, "std", "basic_string") &&
                                            Spec->getTemplateArgs()[0].getAsType()->isCharType())
    return "std::string";
  PrintingPolicy Policy(Ctx.getPrintingPolicy());
  Policy.SuppressTagKeyword = true;
  return T.getAsString(Policy);
}

/// The accessor that reads a U in place, for `to<optional<U>>()`.
StringRef inPlaceAccessor(QualType U, ArrayRef<std::string> IValueClasses) {
  const auto *Record = U.getCanonicalType()->getAsCXXRecordDecl();
  if (!Record)
    return "";
  if (isNamed(*Record, "at", "Tensor"))
    return "toTensor()";
  if (isNamed(*Record, "std", "basic_string"))
    return "toStringRef()";
  if (isNamed(*Record, "std", "vector") || isNamed(*Record, "c10", "List") ||
      isNamed(*Record, "std", "array"))
    return "toListRef()";
  if (isNamed(*Record, "std", "tuple"))
    return "toTupleRef()";
  if (isNamed(*Record, "std", "unordered_map") || isNamed(*Record, "c10", "Dict"))
    return "toGenericDict()";
  return "";
}

/// The first template argument of \p Written as the user spelled it
/// (`int64_t`, not `long`), else \p Canonical.
QualType writtenFirstArgument(QualType Written, QualType Canonical) {
  const auto *Spelled = Written->getAs<TemplateSpecializationType>();
  if (!Spelled || Spelled->template_arguments().empty() ||
      Spelled->template_arguments()[0].getKind() != TemplateArgument::Type)
    return Canonical;
  return Spelled->template_arguments()[0].getAsType();
}

/// `c10::List<c10::IValue>`.
bool isGenericListOfIValues(QualType T) {
  const ClassTemplateSpecializationDecl *Spec = specialization(T);
  if (!Spec || Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  const auto *Element = Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  return Element && isNamed(*Element, "c10", "IValue");
}

/// \p T is the target of `to<T>()` as written.
std::optional<Conversion> classify(QualType T, const ASTContext &Ctx,
                                   ArrayRef<std::string> IValueClasses) {
  const ClassTemplateSpecializationDecl *Spec = specialization(T);
  if (!Spec || Spec->getTemplateArgs().size() < 1)
    return std::nullopt;
  const TemplateArgument &First = Spec->getTemplateArgs()[0];
  if (isNamed(*Spec, "c10", "optional") || isNamed(*Spec, "std", "optional")) {
    if (First.getKind() != TemplateArgument::Type)
      return std::nullopt;
    QualType U = First.getAsType();
    // to<optional<int64_t>>() copies an int: nothing to save.
    if (U.isTriviallyCopyableType(Ctx))
      return std::nullopt;
    StringRef Accessor = inPlaceAccessor(U, IValueClasses);
    return Conversion{Target::Optional,
                      "a copy of the " + typeName(writtenFirstArgument(T, U), Ctx),
                      ("test 'isNone()' and read the value in place" +
                       (Accessor.empty() ? "" : " with '" + Accessor + "'"))
                          .str()};
  }
  if (isNamed(*Spec, "std", "tuple"))
    return Conversion{Target::Tuple, "a copy of every element",
                      "read the elements in place through 'toTupleRef().elements()[i]'"};
  if (isNamed(*Spec, "c10", "List"))
    return Conversion{Target::List, "a list handle (an atomic refcount increment)",
                      "read the list in place through 'toListRef()'"};
  if (isNamed(*Spec, "std", "unordered_map"))
    return Conversion{Target::UnorderedMap, "a new hash map with a copy of every entry",
                      "look entries up in place in 'toGenericDict()' (one handle, no copies)"};
  if (isNamed(*Spec, "std", "array"))
    return Conversion{Target::Array, "a typed list handle and a copy of every element",
                      "read the elements in place through 'toListRef()[i]'"};
  return std::nullopt;
}

using IsMutatedFn = llvm::function_ref<bool(const Expr &)>;

/// The const members of c10::List that read the elements, which an
/// ArrayRef from `toListRef()` also has. The others (`elementType()`,
/// `copy()`, `use_count()`, `is()`) need the handle itself.
bool readsListElements(const CXXMethodDecl &Method) {
  if (Method.getOverloadedOperator() == OO_Subscript)
    return true;
  if (!Method.getIdentifier())
    return false;
  return llvm::is_contained({StringRef("size"), StringRef("empty"), StringRef("get"),
                             StringRef("begin"), StringRef("end"), StringRef("vec")},
                            Method.getName());
}

/// Whether the call of \p Method with result \p CallResult only reads the
/// object it is called on. Non-const element accessors (a non-const object
/// picks them) read when the element they return is only read.
bool isReadingCall(const CXXMethodDecl &Method, const Expr *CallResult, Target K,
                   const utils::LocalParents &Parents, IsMutatedFn IsMutated) {
  if (Method.getRefQualifier() == RQ_RValue)
    return false; // takes the value out of the temporary
  if (Method.isConst())
    return K != Target::List || readsListElements(Method);
  if (!CallResult)
    return false;
  OverloadedOperatorKind Op = Method.getOverloadedOperator();
  if (Op == OO_Subscript)
    // unordered_map::operator[] inserts a missing key.
    return K != Target::UnorderedMap && utils::isElementOnlyRead(*CallResult, Parents, IsMutated);
  if (Op == OO_Star)
    return utils::isElementOnlyRead(*CallResult, Parents, IsMutated);
  if (Op == OO_Arrow) {
    // `p->m` where m is a base class member converts the pointer first.
    const Stmt *User = Parents.parent(*CallResult);
    while (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(User)) {
      if (Cast->getCastKind() != CK_NoOp && Cast->getCastKind() != CK_DerivedToBase &&
          Cast->getCastKind() != CK_UncheckedDerivedToBase)
        break;
      User = Parents.parent(*Cast);
    }
    const auto *Member = dyn_cast_or_null<MemberExpr>(User);
    if (!Member)
      return false;
    if (const auto *Called = dyn_cast<CXXMethodDecl>(Member->getMemberDecl()))
      return Called->isConst() && Called->getRefQualifier() != RQ_RValue;
    return !IsMutated(*Member);
  }
  if (Op != OO_None || !Method.getIdentifier())
    return false;
  StringRef Name = Method.getName();
  // (unordered_map::at throws on a missing key, it does not insert.)
  if (Name == "value" || Name == "front" || Name == "back" || Name == "at")
    return utils::isElementOnlyRead(*CallResult, Parents, IsMutated);
  return false;
}

/// Whether the use \p E of the converted value only reads it.
bool isReadUse(const Expr &E, Target K, const utils::LocalParents &Parents,
               IsMutatedFn IsMutated) {
  const Expr *Outer = nullptr;
  utils::ValueUser User = utils::valueUser(E, Parents, Outer);
  if (User.InitialisedVar) {
    const CXXForRangeStmt *Loop = utils::loopOfRangeVariable(*User.InitialisedVar, Parents);
    if (!Loop)
      return false;
    QualType T = Loop->getLoopVariable()->getType();
    return !(T->isReferenceType() && !T.getNonReferenceType().isConstQualified());
  }
  if (const auto *Member = dyn_cast_or_null<MemberExpr>(User.Parent)) {
    const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
    if (Member->isArrow() || !Method)
      return false;
    const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(Parents.parent(*Member));
    return isReadingCall(*Method, Call, K, Parents, IsMutated);
  }
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(User.Parent)) {
    if (Op->getNumArgs() < 1 || Op->getArg(0) != Outer || Op->isAssignmentOp())
      return false;
    if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee()))
      return isReadingCall(*Method, Op, K, Parents, IsMutated);
    // A free operator (==, <<) that takes the value by const reference.
    const FunctionDecl *Fn = Op->getDirectCallee();
    if (!Fn || Fn->getNumParams() < 1)
      return false;
    QualType P = Fn->getParamDecl(0)->getType();
    return P->isLValueReferenceType() && P.getNonReferenceType().isConstQualified();
  }
  // std::get<I>(t): one element, read if the element is.
  if (const auto *Call = dyn_cast_or_null<CallExpr>(User.Parent)) {
    const FunctionDecl *Fn = Call->getDirectCallee();
    if (!Fn || !Fn->isInStdNamespace() || !Fn->getIdentifier() || !utils::isNamed(Fn, "get") ||
        Call->getNumArgs() != 1 || Call->getArg(0) != Outer)
      return false;
    return utils::isElementOnlyRead(*Call, Parents, IsMutated);
  }
  return false;
}

bool isReturned(const Expr &E, const utils::LocalParents &Parents) {
  const Stmt *P = Parents.parent(E);
  while (P && isa<Expr>(P) &&
         (utils::carriesValue(*cast<Expr>(P)) || isa<ImplicitCastExpr, CXXConstructExpr>(P)))
    P = Parents.parent(*P);
  return isa_and_nonnull<ReturnStmt>(P);
}

class ConversionAnalysis {
public:
  ConversionAnalysis(const CXXMemberCallExpr &Call, const Conversion &Conv, ASTContext &Ctx,
                     const utils::LocalParents &Parents, const Stmt &Body)
      : Call(Call), Conv(Conv), Ctx(Ctx), Parents(Parents), Body(Body) {}
  // IsMutated captures this: a copy would call back into the original.
  ConversionAnalysis(const ConversionAnalysis &) = delete;
  ConversionAnalysis &operator=(const ConversionAnalysis &) = delete;

  /// False when the result is used in a way that needs it (no diagnostic).
  bool onlyRead() {
    if (isReadUse(Call, Conv.K, Parents, IsMutated))
      return true;
    const Expr *Outer = nullptr;
    utils::ValueUser User = utils::valueUser(Call, Parents, Outer);
    const VarDecl *Var = User.InitialisedVar;
    if (!Var || Var->isImplicit() || !Var->hasLocalStorage() || Var->isStaticLocal() ||
        isa<ParmVarDecl>(Var))
      return false;
    QualType T = Var->getType();
    if (T->isReferenceType() &&
        !(T->isLValueReferenceType() && T.getNonReferenceType().isConstQualified()))
      return false;
    if (const auto *Decomposition = dyn_cast<DecompositionDecl>(Var))
      return llvm::all_of(Decomposition->bindings(),
                          [&](const BindingDecl *B) { return bindingOnlyRead(*B); });
    auto Uses = match(findAll(declRefExpr(to(varDecl(equalsNode(Var)))).bind("use")), Body, Ctx);
    return llvm::all_of(Uses, [&](const BoundNodes &Use) {
      return isReadUse(*Use.getNodeAs<DeclRefExpr>("use"), Conv.K, Parents, IsMutated);
    });
  }

private:
  /// `auto [rate, lang] = v.to<std::tuple<...>>();`: each binding read, not
  /// written, moved or returned.
  bool bindingOnlyRead(const BindingDecl &B) {
    if (analyzer().isMutated(&B))
      return false;
    auto Uses = match(findAll(declRefExpr(to(bindingDecl(equalsNode(&B)))).bind("use")), Body, Ctx);
    return llvm::none_of(Uses, [&](const BoundNodes &Use) {
      return isReturned(*Use.getNodeAs<DeclRefExpr>("use"), Parents);
    });
  }

  /// Constructed on first need: its first query builds a parent map of the
  /// whole translation unit (see utils/BorrowSafety.cpp).
  ExprMutationAnalyzer &analyzer() {
    if (!Mutations)
      Mutations.emplace(Body, Ctx);
    return *Mutations;
  }

  const CXXMemberCallExpr &Call;
  const Conversion &Conv;
  ASTContext &Ctx;
  const utils::LocalParents &Parents;
  const Stmt &Body;
  std::optional<ExprMutationAnalyzer> Mutations;
  std::function<bool(const Expr &)> IsMutated = [this](const Expr &E) {
    return analyzer().isMutated(&E);
  };
};

} // namespace

IValueGenericToCheck::IValueGenericToCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RawIValueClasses(Options.get("IValueClasses", "::c10::IValue")),
      Files(*Context),
      RefAccessorEnabled(Context->isCheckEnabled("c10-ivalue-ref-accessor")) {
  IValueClasses = utils::parseClassNameListOption(*this, Name, "IValueClasses", RawIValueClasses,
                                                  "::c10::IValue");
}

void IValueGenericToCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "IValueClasses", RawIValueClasses);
}

void IValueGenericToCheck::registerMatchers(MatchFinder *Finder) {
  if (IValueClasses.empty())
    return;
  auto ToCall = cxxMemberCallExpr(callee(cxxMethodDecl(
      hasName("to"), ofClass(cxxRecordDecl(hasAnyName(utils::asStringRefs(IValueClasses)))))));
  Reported.addMatcher(*Finder,
                      stmt(ToCall.bind("call"),
                           utils::forEachEnclosingFunction(utils::reportedFunctionBody(Files))),
                      this);
}

void IValueGenericToCheck::check(const MatchFinder::MatchResult &Result) {
  const auto &Call = *Result.Nodes.getNodeAs<CXXMemberCallExpr>("call");
  ASTContext &Ctx = *Result.Context;
  const CXXMethodDecl *Method = Call.getMethodDecl();
  const auto *Callee = dyn_cast<MemberExpr>(Call.getCallee()->IgnoreParens());
  const TemplateArgumentList *Args = Method ? Method->getTemplateSpecializationArgs() : nullptr;
  if (!Callee || !Args || Args->size() != 1 || Args->get(0).getKind() != TemplateArgument::Type)
    return;
  // An rvalue receiver is consumed by the conversion: nothing is borrowed.
  if (!Callee->isArrow() && !Call.getImplicitObjectArgument()->isLValue())
    return;
  // The target as written (`int64_t`, not `long`), also inside macros.
  QualType Written = Args->get(0).getAsType();
  if (Callee->getNumTemplateArgs() == 1 &&
      Callee->template_arguments()[0].getArgument().getKind() == TemplateArgument::Type)
    Written = Callee->template_arguments()[0].getArgument().getAsType();
  std::optional<Conversion> Conv = classify(Written, Ctx, IValueClasses);
  if (!Conv)
    return;
  // `to<c10::List<IValue>>()` is `toList()` spelled generically: one saving,
  // c10-ivalue-ref-accessor's finding.
  if (Conv->K == Target::List && RefAccessorEnabled && isGenericListOfIValues(Written))
    return;

  const auto &Body = *Result.Nodes.getNodeAs<Stmt>("body");
  const utils::LocalParents *Parents = &Unit.get(*Result.Context).parents(Body);
  ConversionAnalysis Analysis(Call, *Conv, Ctx, *Parents, Parents->enclosingBody(Call));
  if (!Analysis.onlyRead())
    return;

  std::string Spelling =
      utils::isInMacro({Callee->getMemberLoc(), Call.getEndLoc()})
          ? "to<" + typeName(Written, Ctx) + ">()"
          : utils::sourceText(SourceRange(Callee->getMemberLoc(), Call.getEndLoc()), Ctx);
  utils::Finding F{Callee->getMemberLoc(),
                   "'" + Spelling + "' makes " + Conv->Copies + " that is only read; " +
                       Conv->Alternative,
                   {},
                   {}};
  if (Conv->K == Target::List) {
    // `to<c10::List<U>>()` checks that the list's elements are U and throws
    // otherwise; `toListRef()` does not check. No rewrite means the same.
    F.NoFixReason = "'" + Spelling + "' checks the element type and throws on a mismatch, "
                    "'toListRef()' does not: use it where the list is known to hold " +
                    typeName(writtenFirstArgument(Written, Written), Ctx);
  } else if (utils::isInMacro({Call.getBeginLoc(), Call.getEndLoc()})) {
    F.NoFixReason = "the code is inside a macro expansion";
  }
  Findings.record(std::move(F));
}

void IValueGenericToCheck::onEndOfTranslationUnit() {
  Findings.flush(*this);
  Unit.release();
}

} // namespace clang::tidy::c10
