//===- DedupedFindings.h - one diagnostic per source location -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
#include "utils/SharedIncludeInserter.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::c10::utils {

struct Finding {
  SourceLocation Loc;
  std::string Message;
  std::vector<FixItHint> Fixes;
  std::string NoFixReason; ///< Shown as a note "no fix-it: ..." when Fixes is empty.
  // Defaulted from here on, so that a braced initialiser may leave them out.
  /// Shown after the finding, whether or not it has fix-its.
  std::vector<std::pair<SourceLocation, std::string>> Notes = {};
  /// A header the fix-its need (`<utility>` for std::move), included in
  /// FixHeaderFile along with them; see DedupedFindings::flush().
  std::string FixHeader = {};
  FileID FixHeaderFile = {};
};

class DedupedFindings {
public:
  void record(Finding F) {
    auto [It, Inserted] = Findings.try_emplace(F.Loc, F);
    if (!Inserted && It->second.Fixes.empty() && !F.Fixes.empty())
      It->second = std::move(F);
  }

  /// Drops the finding at \p Loc, whether recorded before or after: one
  /// instantiation in which the code is right keeps the source that all
  /// instantiations share as it is.
  void veto(SourceLocation Loc) { Vetoed.insert(Loc); }

  /// Emits every finding through \p Check and forgets them. The includes
  /// are asked of \p Inserter here, not when recording, because it offers a
  /// header once per file: it must go with a finding that is emitted, and
  /// with its fix-its.
  void flush(ClangTidyCheck &Check, SharedIncludeInserter *Inserter = nullptr) {
    for (auto &Entry : Findings) {
      Finding &F = Entry.second;
      if (Vetoed.contains(F.Loc))
        continue;
      {
        auto Diag = Check.diag(F.Loc, "%0") << F.Message;
        for (const FixItHint &Fix : F.Fixes)
          Diag << Fix;
        if (Inserter && !F.Fixes.empty() && !F.FixHeader.empty())
          if (std::optional<FixItHint> Include =
                  Inserter->createIncludeInsertion(F.FixHeaderFile, F.FixHeader))
            Diag << *Include;
      }
      if (F.Fixes.empty() && !F.NoFixReason.empty())
        Check.diag(F.Loc, "no fix-it: %0", DiagnosticIDs::Note) << F.NoFixReason;
      for (const auto &[Loc, Text] : F.Notes)
        Check.diag(Loc, "%0", DiagnosticIDs::Note) << Text;
    }
    Findings.clear();
    Vetoed.clear();
  }

private:
  llvm::MapVector<SourceLocation, Finding> Findings;
  llvm::DenseSet<SourceLocation> Vetoed;
};

} // namespace clang::tidy::c10::utils

#endif
