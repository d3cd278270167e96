//===- ReportedMatching.cpp -----------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/ReportedMatching.h"
#include "utils/PerUnit.h"
#include "utils/TraversalScope.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <deque>
#include <optional>
#include <vector>

namespace clang::tidy::c10::utils {

using ast_matchers::MatchFinder;

namespace {

/// Hands the shared traversal's matches to one check, and nothing else: the
/// shared traversal's start and end of translation unit are not the check's.
class MatchesOnly : public MatchFinder::MatchCallback {
public:
  explicit MatchesOnly(MatchFinder::MatchCallback &Check) : Check(Check) {}
  void run(const MatchFinder::MatchResult &Result) override { Check.run(Result); }
  std::optional<TraversalKind> getCheckTraversalKind() const override {
    // AsIs is the MatchFinder's own default. Asking for it again would wrap
    // the pattern in a traversal matcher of the base kind, tried at every
    // statement rather than only at nodes of the pattern's kind.
    std::optional<TraversalKind> Kind = Check.getCheckTraversalKind();
    return Kind == TK_AsIs ? std::nullopt : Kind;
  }

private:
  MatchFinder::MatchCallback &Check;
};

} // namespace

/// The matchers of all c10 checks of one translation unit, and the one
/// matcher on the translation unit that runs them.
class SharedMatching : public MatchFinder::MatchCallback {
public:
  explicit SharedMatching(MatchFinder &Finder) {
    Finder.addMatcher(ast_matchers::translationUnitDecl().bind("unit"), this);
  }

  template <typename PatternMatcher>
  void add(ReportedFiles &Files, const PatternMatcher &Pattern, MatchFinder::MatchCallback &Check) {
    if (llvm::find(Scopes, &Files) == Scopes.end())
      Scopes.push_back(&Files);
    Patterns.addMatcher(Pattern, &Forwarders.emplace_back(Check));
  }

  void run(const MatchFinder::MatchResult &Result) override {
    const auto *Unit = Result.Nodes.getNodeAs<TranslationUnitDecl>("unit");
    ASTContext &Ctx = *Result.Context;
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<Decl *> Reported;
    for (Decl *D : Unit->decls())
      if (llvm::any_of(Scopes,
                       [&](ReportedFiles *Files) { return Files->contains(D->getLocation(), SM); }))
        Reported.push_back(D);
    // The translation unit is the first node the MatchFinder visits, and it
    // reads the traversal scope only after matching it: narrowing and
    // restoring the scope here leaves its own traversal whole. With no other
    // check in the run, nothing needs that traversal beyond the reported
    // declarations, and the scope stays narrowed: visiting every header
    // declaration (with a precompiled header, reading each one in) would be
    // work nobody uses.
    const bool OnlyC10Checks = llvm::all_of(
        Scopes, [](const ReportedFiles *Files) { return Files->onlyC10ChecksRun(); });
    if (OnlyC10Checks) {
      Ctx.setTraversalScope(Reported);
      if (!Reported.empty())
        Patterns.matchAST(Ctx);
      return;
    }
    if (Reported.empty())
      return;
    TraversalScopeGuard Scope(Ctx, Reported);
    Patterns.matchAST(Ctx);
  }

  llvm::StringRef getID() const override { return "c10-shared-matching"; }

private:
  std::vector<ReportedFiles *> Scopes;
  std::deque<MatchesOnly> Forwarders; // Stable addresses for Patterns.
  MatchFinder Patterns;
};

SharedMatching &ReportedDeclMatches::shared(MatchFinder &Finder,
                                            MatchFinder::MatchCallback &Check) {
  if (Shared)
    return *Shared;
  // The MatchFinder calls a check's onStartOfTranslationUnit() and
  // onEndOfTranslationUnit() only if the check has a matcher of its own; this
  // one is tried once, at the translation unit, and never matches.
  Finder.addMatcher(
      ast_matchers::translationUnitDecl(ast_matchers::unless(ast_matchers::anything())), &Check);
  Shared = sharedPerUnit<SharedMatching>(&Finder,
                                         [&] { return std::make_shared<SharedMatching>(Finder); });
  return *Shared;
}

template <typename PatternMatcher>
void ReportedDeclMatches::add(MatchFinder &Finder, const PatternMatcher &Pattern,
                              MatchFinder::MatchCallback *Check) {
  if (Direct)
    Finder.addMatcher(Pattern, Check);
  else
    shared(Finder, *Check).add(Files, Pattern, *Check);
}

void ReportedDeclMatches::addMatcher(MatchFinder &Finder,
                                     const ast_matchers::DeclarationMatcher &Pattern,
                                     MatchFinder::MatchCallback *Check) {
  add(Finder, Pattern, Check);
}

void ReportedDeclMatches::addMatcher(MatchFinder &Finder,
                                     const ast_matchers::StatementMatcher &Pattern,
                                     MatchFinder::MatchCallback *Check) {
  add(Finder, Pattern, Check);
}

ast_matchers::internal::Matcher<FunctionDecl> reportedFunctionBody(ReportedFiles &Files) {
  return ast_matchers::functionDecl(isInReportedFile(&Files),
                                    ast_matchers::hasBody(ast_matchers::stmt().bind("body")))
      .bind("function");
}

} // namespace clang::tidy::c10::utils
