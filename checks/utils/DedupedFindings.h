//===- DedupedFindings.h - one diagnostic per source location -------------===//
//
// A template is matched once per instantiation; its code must be reported
// once. Findings are kept until the end of the translation unit, one per
// location, preferring the one that carries a fix-it (an instantiation may
// be unable to offer one where the non-dependent template code can).
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_DEDUPEDFINDINGS_H
#define C10TIDY_UTILS_DEDUPEDFINDINGS_H

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/MapVector.h"
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::c10::utils {

struct Finding {
  SourceLocation Loc;
  std::string Message;
  std::vector<FixItHint> Fixes;
  std::string NoFixReason; ///< Shown as a note "no fix-it: ..." when Fixes is empty.
  std::vector<std::pair<SourceLocation, std::string>> Notes;
};

class DedupedFindings {
public:
  void record(Finding F) {
    auto [It, Inserted] = Findings.try_emplace(F.Loc, F);
    if (!Inserted && It->second.Fixes.empty() && !F.Fixes.empty())
      It->second = std::move(F);
  }

  /// Emits every finding through \p Check and forgets them.
  void flush(ClangTidyCheck &Check) {
    for (auto &Entry : Findings) {
      Finding &F = Entry.second;
      {
        auto Diag = Check.diag(F.Loc, "%0") << F.Message;
        for (const FixItHint &Fix : F.Fixes)
          Diag << Fix;
      }
      if (F.Fixes.empty() && !F.NoFixReason.empty())
        Check.diag(F.Loc, "no fix-it: %0", DiagnosticIDs::Note) << F.NoFixReason;
      for (const auto &[Loc, Text] : F.Notes)
        Check.diag(Loc, "%0", DiagnosticIDs::Note) << Text;
    }
    Findings.clear();
  }

private:
  llvm::MapVector<SourceLocation, Finding> Findings;
};

} // namespace clang::tidy::c10::utils

#endif
