//===- SourceText.cpp -----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/SourceText.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::c10::utils {

bool isInMacro(llvm::ArrayRef<SourceLocation> Locs) {
  return llvm::any_of(Locs, [](SourceLocation L) { return L.isInvalid() || L.isMacroID(); });
}

std::string sourceText(SourceRange Range, const ASTContext &Ctx) {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(Range), Ctx.getSourceManager(),
                              Ctx.getLangOpts())
      .str();
}

std::string writtenText(SourceRange Range, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange File =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Range), SM, Ctx.getLangOpts());
  if (File.isInvalid()) {
    SourceLocation Begin = SM.getSpellingLoc(Range.getBegin());
    SourceLocation End = SM.getSpellingLoc(Range.getEnd());
    if (SM.getFileID(Begin) != SM.getFileID(End) || SM.isBeforeInTranslationUnit(End, Begin))
      return "";
    File = CharSourceRange::getTokenRange(Begin, End);
  }
  return Lexer::getSourceText(File, SM, Ctx.getLangOpts()).str();
}

} // namespace clang::tidy::c10::utils
