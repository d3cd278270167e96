//===- MakeIntrusiveCheck.cpp - c10-make-intrusive ------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `intrusive_ptr<T>::unsafe_steal_from_new(new T(a, b))` becomes
// `c10::make_intrusive<T>(a, b)`. The two are one allocation and one
// constructor call each; the difference is that unsafe_steal_from_new sets the
// counts of whatever it is given to 1, so an owned object (`p.get()`) or a
// stack object passed to it is later freed twice or freed at all, while
// make_intrusive cannot be handed anything. utils/MakeIntrusiveRewrite decides
// whether the rewrite is the same program.
//
// `reclaim(new T)` is a different bug (the object is never destroyed) that
// c10-intrusive-ptr-reclaim reports; it is not reported here.
//
//===----------------------------------------------------------------------===//

#include "MakeIntrusiveCheck.h"
#include "utils/SourceText.h"
#include "utils/BorrowSafety.h"
#include "utils/MakeIntrusiveRewrite.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

void MakeIntrusiveCheck::registerMatchers(MatchFinder *Finder) {
  auto Steal = callExpr(callee(cxxMethodDecl(hasName("unsafe_steal_from_new"),
                                             ofClass(hasName("::c10::intrusive_ptr")))),
                        argumentCountIs(1),
                        hasArgument(0, ignoringParenImpCasts(
                                        // Placement new is not an allocation
                                        // make_intrusive could make.
                                        cxxNewExpr(unless(hasAnyPlacementArg(anything())))
                                            .bind("new"))));
  Reported.addMatcher(
      *Finder,
      stmt(Steal.bind("call"), utils::forEachEnclosingFunction(
                                   functionDecl(utils::isInReportedFile(&Files)).bind("function"))),
      this);
}

void MakeIntrusiveCheck::check(const MatchFinder::MatchResult &Result) {
  const auto &Call = *Result.Nodes.getNodeAs<CallExpr>("call");
  const auto &New = *Result.Nodes.getNodeAs<CXXNewExpr>("new");
  const auto &Function = *Result.Nodes.getNodeAs<FunctionDecl>("function");
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call.getCalleeDecl());
  const auto *Pointer = Method ? utils::asIntrusivePtr(Method->getParent()) : nullptr;
  if (!Pointer)
    return;
  ASTContext &Ctx = *Result.Context;

  utils::MakeIntrusiveRewrite Rewrite = utils::rewriteAsMakeIntrusive(New, *Pointer, Ctx);
  utils::Finding F;
  F.Loc = utils::calleeNameLoc(Call);
  F.Message = "use '" + Rewrite.Suggestion +
              "' instead of 'unsafe_steal_from_new(new ...)': it allocates the same way and "
              "cannot be handed a pointer that is already owned";
  const auto *Member = dyn_cast<MemberExpr>(Call.getCallee()->IgnoreParenImpCasts());
  if (utils::isInMacro({Call.getBeginLoc(), Call.getEndLoc()}) || utils::isInMacro({New.getBeginLoc(), New.getEndLoc()}) ||
      F.Loc.isMacroID())
    F.NoFixReason = "the code is inside a macro expansion";
  else if (utils::isInTemplateInstantiation(Function))
    F.NoFixReason = "the code is in a template instantiation";
  else if (Member && Member->getBase()->HasSideEffects(Ctx))
    F.NoFixReason = "the object expression '" +
                    utils::sourceText(Member->getBase()->getSourceRange(), Ctx) +
                    "' has side effects that the rewrite would drop";
  else if (Rewrite.Replacement.empty())
    F.NoFixReason = Rewrite.NoFixReason;
  else
    F.Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(Call.getSourceRange()), Rewrite.Replacement));
  Findings.record(std::move(F));
}

} // namespace clang::tidy::c10
