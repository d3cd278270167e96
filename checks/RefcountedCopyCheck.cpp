//===- RefcountedCopyCheck.cpp - c10-refcounted-copy ----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
// A copied std::vector of handles costs an allocation besides, and the
// increment and decrement of every handle in it.
//
// A lambda that captures such a handle by copy and runs only inside a library
// algorithm pays the same for every copy of the closure; a capture by
// reference reads the same handle (utils/CaptureBorrow):
//
//   std::find_if(b, e, [elem](const at::Tensor& x) { return elem.equal(x); })
//                       -> [&elem]
//
// The analysis (utils/BorrowAnalysis) and the choice between this check's
// borrow and c10-intrusive-ptr-move's move (utils/OwnershipDecision) are
// shared; this check reports the variables decided as a borrow. Matches only
// collect candidates; the decisions run at the end of the translation unit,
// with the AST's traversal scope narrowed to the functions concerned.
//
//===----------------------------------------------------------------------===//

#include "RefcountedCopyCheck.h"
#include "utils/BorrowAnalysis.h"
#include "utils/BorrowSafety.h"
#include "utils/CaptureBorrow.h"
#include "utils/ClassNameListOption.h"
#include "utils/ReportedMatching.h"
#include "utils/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

namespace {

std::string qualifiedClassName(QualType T) {
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  return Record ? Record->getQualifiedNameAsString() : T.getAsString();
}

/// `std::vector<at::Tensor>`, as the code would spell it, without qualifiers
/// and default template arguments.
std::string containerTypeName(QualType T, const ASTContext &Ctx) {
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressDefaultTemplateArgs = true;
  return T.getNonReferenceType().getUnqualifiedType().getCanonicalType().getAsString(Policy);
}

} // namespace

RefcountedCopyCheck::RefcountedCopyCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RawRefcountedClasses(Options.get("RefcountedClasses", utils::DefaultBorrowClasses)),
      Config(utils::OwnershipConfig::read(*Context)), Files(*Context) {
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
  // Only variables initialised by a copy constructor are looked at, and of
  // those (check()) the listed handles and containers of them. Of range-for
  // variables, the analysis takes only copies out of a c10::List
  // (`for (IValue v : list)`), which performance-for-range-copy leaves alone
  // because the list's iterator yields a proxy.
  Reported.addMatcher(*Finder,
      varDecl(hasLocalStorage(), unless(parmVarDecl()), unless(isImplicit()),
              utils::isInReportedFile(&Files), hasType(hasCanonicalType(recordType())),
              hasInitializer(ignoringImplicit(
                  cxxConstructExpr(hasDeclaration(cxxConstructorDecl(isCopyConstructor()))))))
          .bind("var"),
      this);
  Reported.addMatcher(*Finder,
                      lambdaExpr(hasAnyCapture(capturesVar(
                                     varDecl(hasLocalStorage(), utils::isInReportedFile(&Files)))))
                          .bind("lambda"),
                      this);
}

void RefcountedCopyCheck::check(const MatchFinder::MatchResult &Result) {
  if (const auto *Lambda = Result.Nodes.getNodeAs<LambdaExpr>("lambda")) {
    for (const LambdaCapture &Capture : Lambda->explicit_captures()) {
      const auto *Var = Capture.capturesVariable() && Capture.getCaptureKind() == LCK_ByCopy
                            ? dyn_cast<VarDecl>(Capture.getCapturedVar())
                            : nullptr;
      const auto *Owner =
          Var ? dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod()) : nullptr;
      if (Owner && Owner->hasBody() && utils::isBorrowHandle(Var->getType(), Config)) {
        CapturingLambdas.push_back({Lambda, Owner});
        Context = Result.Context;
        Unit.get(*Context);
        return;
      }
    }
    return;
  }
  const auto &Var = *Result.Nodes.getNodeAs<VarDecl>("var");
  if (!utils::isBorrowHandle(Var.getType(), Config))
    return;
  const auto *Owner = dyn_cast_or_null<FunctionDecl>(Var.getParentFunctionOrMethod());
  if (!Owner || !Owner->hasBody())
    return;
  Candidates.push_back({&Var, Owner});
  Context = Result.Context;
  // Held from the first match: c10-intrusive-ptr-move may finish the
  // translation unit first, and its decisions are ours to reuse.
  Unit.get(*Context);
}

void RefcountedCopyCheck::report(const VarDecl &Var, const FunctionDecl &Owner,
                                 const utils::OwnershipDecision &D) {
  if (!D.Candidate)
    return;
  const ASTContext &Ctx = *Context;
  const utils::BorrowCandidate &C = *D.Candidate;
  utils::Finding F;
  F.Loc = Var.getLocation();
  const std::string What =
      utils::OwnershipAnalysis::isOneOf(Var.getType(), Config.BorrowClasses)
          ? "a refcounted '" + qualifiedClassName(Var.getType()) +
                "' (an atomic increment and decrement)"
          : "a '" + containerTypeName(Var.getType(), Ctx) +
                "' of refcounted handles (an allocation, and an atomic increment and "
                "decrement per handle)";
  F.Message = "'" + Var.getNameAsString() + "' copies " + What +
              " from a borrowed reference but is only read; bind a const reference instead";
  const std::string VarName = "'" + Var.getNameAsString() + "'";
  std::optional<std::string> Declarator = utils::referenceDeclarator(Var, Ctx);
  if (D.Verdict.Safety == utils::BorrowSafety::ReadsProven)
    F.NoFixReason = D.Verdict.Reason;
  else if (D.Verdict.Safety != utils::BorrowSafety::Proven)
    F.NoFixReason = "the source may change or die while " + VarName + " is alive: " +
                    D.Verdict.Reason;
  else if (utils::isInTemplateInstantiation(Owner))
    F.NoFixReason = "the code is in a template instantiation";
  else if (utils::isInMacro({Var.getBeginLoc(), Var.getLocation(), C.Source->getBeginLoc(),
                             C.Source->getEndLoc()}))
    F.NoFixReason = "the code is inside a macro expansion";
  else if (!C.Declaration->isSingleDecl() || !Declarator)
    F.NoFixReason = "the declaration of " + VarName + " cannot be rewritten";
  else if (std::string Observed = utils::typeObservedIn(Var, *C.Scope, *C.Parents, *Context);
           !Observed.empty())
    F.NoFixReason = Observed + "; bind the const reference where the code does not depend on "
                               "the variable's type";
  else
    F.Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(Var.getBeginLoc(), Var.getLocation()), *Declarator));
  F.Notes = D.Verdict.Notes;
  Findings.record(std::move(F));
}

void RefcountedCopyCheck::reportCapture(const LambdaExpr &Lambda, const LambdaCapture &Capture,
                                        const FunctionDecl &Owner,
                                        utils::OwnershipAnalysis &Analysis) {
  utils::LastUseAnalysis &A = Analysis.lastUse(Owner);
  const std::optional<utils::CaptureBorrow> B = utils::captureBorrow(Lambda, Capture, A);
  if (!B || utils::savesNothing(*B->Var, A))
    return;
  const std::string Name = B->Var->getName().str();
  utils::Finding F;
  F.Loc = Capture.getLocation();
  F.Message = "the lambda copies '" + Name + "' (" +
              (utils::OwnershipAnalysis::isOneOf(B->Var->getType(), Config.BorrowClasses)
                   ? std::string("an atomic refcount increment and decrement")
                   : std::string("an allocation, and an atomic increment and decrement per "
                                 "handle")) +
              " for every copy of the closure) but only reads it, and runs only inside '" +
              B->RunsIn->getQualifiedNameAsString() + "'; capture it by reference";
  if (B->NoFixReason.empty())
    F.Fixes.push_back(FixItHint::CreateInsertion(Capture.getLocation(), "&"));
  else
    F.NoFixReason = B->NoFixReason;
  Findings.record(std::move(F));
}

void RefcountedCopyCheck::onEndOfTranslationUnit() {
  if (Context && (!Candidates.empty() || !CapturingLambdas.empty())) {
    std::vector<Decl *> Functions;
    llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
    for (const auto &[Var, Owner] : Candidates)
      if (Seen.insert(Owner).second)
        Functions.push_back(const_cast<FunctionDecl *>(Owner));
    for (const auto &[Lambda, Owner] : CapturingLambdas)
      if (Seen.insert(Owner).second)
        Functions.push_back(const_cast<FunctionDecl *>(Owner));
    utils::TraversalScopeGuard Scope(*Context, Functions);
    utils::OwnershipAnalysis &Analysis = Unit.get(*Context).ownership(Config);
    for (const auto &[Var, Owner] : Candidates) {
      const utils::OwnershipDecision &D = Analysis.decide(*Var, *Owner);
      if (D.What == utils::Advice::Borrow)
        report(*Var, *Owner, D);
    }
    for (const auto &[Lambda, Owner] : CapturingLambdas)
      for (const LambdaCapture &Capture : Lambda->explicit_captures())
        if (Capture.capturesVariable() && Capture.getCaptureKind() == LCK_ByCopy &&
            utils::isBorrowHandle(Capture.getCapturedVar()->getType(), Config))
          reportCapture(*Lambda, Capture, *Owner, Analysis);
  }
  Findings.flush(*this);
  Candidates.clear();
  CapturingLambdas.clear();
  Unit.release();
  Context = nullptr;
}

} // namespace clang::tidy::c10
