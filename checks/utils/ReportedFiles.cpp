//===- ReportedFiles.cpp --------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/ReportedFiles.h"
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

} // namespace clang::tidy::c10::utils
