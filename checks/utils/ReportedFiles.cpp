//===- ReportedFiles.cpp --------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/ReportedFiles.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

namespace clang::tidy::c10::utils {

/// Whether a check list (clang-tidy's globs, the last match deciding) can
/// enable a check outside c10-*. Read conservatively: any positive glob that
/// is not a c10 or compiler-warning name counts, until a `-*` turns off
/// everything before it.
static bool enablesOnlyC10Checks(StringRef Checks) {
  llvm::SmallVector<StringRef, 8> Globs;
  llvm::SplitString(Checks, Globs, ",\n");
  bool Others = false;
  for (StringRef Glob : Globs) {
    Glob = Glob.trim();
    if (Glob.consume_front("-"))
      Others = Others && Glob.trim() != "*";
    else if (!Glob.empty() && !Glob.starts_with("c10-") && !Glob.starts_with("clang-diagnostic-"))
      Others = true;
  }
  return !Others;
}

ReportedFiles::ReportedFiles(ClangTidyContext &Context, Scope S)
    : AllUserCode(S == Scope::UserCode) {
  const ClangTidyOptions &Options = Context.getOptions();
  if (Options.HeaderFilterRegex && !Options.HeaderFilterRegex->empty())
    HeaderFilter.emplace(*Options.HeaderFilterRegex);
  SystemHeaders = Options.SystemHeaders.value_or(false);
  OnlyC10Checks = enablesOnlyC10Checks(Options.Checks.value_or(""));
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
