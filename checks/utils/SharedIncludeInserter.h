//===- SharedIncludeInserter.h - one include insertion per file, all checks ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clang-tidy's IncludeInserter offers a header once per file, but each check
// owns one, and clang-tidy -fix merges identical insertions from two checks
// into the header included twice. The c10 checks that add an include share
// one IncludeInserter per translation unit instead: in -fix runs the first
// finding that needs the header in a file carries it, whichever check made
// it. Where diagnostics must be self-contained (clangd applies each fix on
// its own), IncludeInserter offers the header with every finding, as before.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_SHAREDINCLUDEINSERTER_H
#define C10TIDY_UTILS_SHAREDINCLUDEINSERTER_H

#include "clang-tidy/utils/IncludeInserter.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace clang {
class Preprocessor;
namespace tidy::c10::utils {

class SharedIncludeInserter {
public:
  /// \p Style is the check's IncludeStyle option; the translation unit's
  /// shared inserter uses the style of the first check that registers.
  SharedIncludeInserter(tidy::utils::IncludeSorter::IncludeStyle Style, bool SelfContainedDiags)
      : Style(Style), SelfContainedDiags(SelfContainedDiags) {}

  /// Joins (or starts) the inserter shared by the checks of the translation
  /// unit that \p PP preprocesses; call from registerPPCallbacks.
  void registerPreprocessor(Preprocessor *PP);

  std::optional<FixItHint> createIncludeInsertion(FileID File, llvm::StringRef Header);

  tidy::utils::IncludeSorter::IncludeStyle getStyle() const { return Style; }

private:
  tidy::utils::IncludeSorter::IncludeStyle Style;
  bool SelfContainedDiags;
  /// Owned by the preprocessor (it dies with the translation unit).
  tidy::utils::IncludeInserter *Shared = nullptr;
};

} // namespace tidy::c10::utils
} // namespace clang

#endif
