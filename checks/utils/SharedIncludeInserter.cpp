//===- SharedIncludeInserter.cpp ------------------------------------------===//

#include "utils/SharedIncludeInserter.h"
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

/// The translation unit being set up on this thread. One thread prepares
/// and runs all checks of a translation unit (clang-tidy, and each of
/// clangd's workers), so a thread-local is enough to find the checks' common
/// inserter without a lock.
struct CurrentUnit {
  const Preprocessor *PP = nullptr;
  std::weak_ptr<tidy::utils::IncludeInserter> Inserter;
};
thread_local CurrentUnit Current;

} // namespace

void SharedIncludeInserter::registerPreprocessor(Preprocessor *PP) {
  if (Current.PP == PP) {
    if (std::shared_ptr<tidy::utils::IncludeInserter> Existing = Current.Inserter.lock()) {
      Shared = Existing.get();
      return;
    }
  }
  auto Inserter = std::make_shared<tidy::utils::IncludeInserter>(Style, SelfContainedDiags);
  Inserter->registerPreprocessor(PP);
  Shared = Inserter.get();
  Current = {PP, Inserter};
  PP->addPPCallbacks(std::make_unique<InserterOwner>(std::move(Inserter)));
}

std::optional<FixItHint> SharedIncludeInserter::createIncludeInsertion(FileID File,
                                                                       llvm::StringRef Header) {
  if (!Shared)
    return std::nullopt;
  return Shared->createIncludeInsertion(File, Header);
}

} // namespace clang::tidy::c10::utils
