//===- ReportedFiles.cpp --------------------------------------------------===//

#include "utils/ReportedFiles.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::c10::utils {

ReportedFiles::ReportedFiles(ClangTidyContext &Context, Scope S)
    : AllUserCode(S == Scope::UserCode) {
  const ClangTidyOptions &Options = Context.getOptions();
  if (Options.HeaderFilterRegex && !Options.HeaderFilterRegex->empty())
    HeaderFilter.emplace(*Options.HeaderFilterRegex);
  SystemHeaders = Options.SystemHeaders.value_or(false);
}

bool ReportedFiles::contains(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return false;
  const FileID File = SM.getFileID(SM.getExpansionLoc(Loc));
  auto [It, Inserted] = Known.try_emplace(File, false);
  if (!Inserted)
    return It->second;
  bool Shown = File == SM.getMainFileID();
  const bool UserCode = SystemHeaders || !SM.isInSystemHeader(SM.getLocForStartOfFile(File));
  if (!Shown && AllUserCode) {
    Shown = UserCode;
  } else if (!Shown && UserCode && HeaderFilter) {
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
    Shown = Entry && HeaderFilter->match(Entry->getName());
  }
  It->second = Shown;
  return Shown;
}

static constexpr llvm::StringLiteral TranslationUnitBinding = "c10-reported-translation-unit";

void ReportedDeclMatches::addMatcher(ast_matchers::MatchFinder &Finder,
                                     ast_matchers::DeclarationMatcher Pattern,
                                     ast_matchers::MatchFinder::MatchCallback *Check) {
  if (Direct) {
    Finder.addMatcher(Pattern, Check);
    return;
  }
  if (Patterns.empty())
    Finder.addMatcher(ast_matchers::translationUnitDecl().bind(TranslationUnitBinding), Check);
  Patterns.push_back(std::move(Pattern));
}

bool ReportedDeclMatches::dispatch(const ast_matchers::MatchFinder::MatchResult &Result,
                                   ast_matchers::MatchFinder::MatchCallback &Check) {
  const auto *Unit = Result.Nodes.getNodeAs<TranslationUnitDecl>(TranslationUnitBinding);
  if (!Unit)
    return false;
  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Decl *D : Unit->decls()) {
    if (!Files.contains(D->getLocation(), SM))
      continue;
    for (const ast_matchers::DeclarationMatcher &Pattern : Patterns)
      for (const ast_matchers::BoundNodes &Nodes :
           ast_matchers::match(ast_matchers::findAll(Pattern), *D, Ctx))
        Check.run(ast_matchers::MatchFinder::MatchResult(Nodes, &Ctx));
  }
  return true;
}

} // namespace clang::tidy::c10::utils
