//===- SharedIncludeInserter.cpp ------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/SharedIncludeInserter.h"
#include "utils/PerUnit.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include <memory>
#include <utility>

namespace clang::tidy::c10::utils {
namespace {

/// Keeps the shared inserter alive exactly as long as the preprocessor,
/// which owns its callbacks, so the next translation unit starts afresh even
/// if its preprocessor happens to live at the same address.
class InserterOwner : public PPCallbacks {
public:
  explicit InserterOwner(std::shared_ptr<tidy::utils::IncludeInserter> Inserter)
      : Inserter(std::move(Inserter)) {}

private:
  std::shared_ptr<tidy::utils::IncludeInserter> Inserter;
};

} // namespace

void SharedIncludeInserter::registerPreprocessor(Preprocessor *PP) {
  bool Made = false;
  std::shared_ptr<tidy::utils::IncludeInserter> Inserter =
      sharedPerUnit<tidy::utils::IncludeInserter>(PP, [&] {
        Made = true;
        return std::make_shared<tidy::utils::IncludeInserter>(Style, SelfContainedDiags);
      });
  Shared = Inserter.get();
  if (!Made)
    return;
  Inserter->registerPreprocessor(PP);
  PP->addPPCallbacks(std::make_unique<InserterOwner>(std::move(Inserter)));
}

std::optional<FixItHint> SharedIncludeInserter::createIncludeInsertion(FileID File,
                                                                       llvm::StringRef Header) {
  if (!Shared)
    return std::nullopt;
  return Shared->createIncludeInsertion(File, Header);
}

} // namespace clang::tidy::c10::utils
